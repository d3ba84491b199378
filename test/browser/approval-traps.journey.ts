import type { Browser, Page } from 'playwright-core';
import { ActionMessages, CensusMessages, FileMessages, LifeEventMessages, NEWBORN_SSN_HINT, proofAwaitedMessage, proofMissingMessage } from '../../api/src/contracts';
import { apiJson, browserDb, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { copyOfJane } from '../support/fixtures';
import { dataUrl, strokePng } from '../support/png';
import { DEMO_PASSWORD } from '../support/test-env';

/** axe's serious and critical findings on the page as it is now, named by the step (so a failure says where). */
async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

async function holdsAt(page: Page, width: number): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

/** The text of the element an element's aria-describedby names: what a screen reader reads with it. */
async function descriptionOf(page: Page, describedBy: string | null): Promise<string> {
  expect(describedBy).toBeTruthy();
  return page.locator(`[id="${describedBy}"]`).innerText();
}

const PROOF = 'Birth certificate or adoption papers';

/**
 * Issue 28 item 5's approval traps: the Action Center's Approve says why it cannot be used and the filter stays
 * on the employee after approving; a birth is signed without the certificate and the baby's SSN, HR's approval
 * waits for the certificate (shown as missing), and the upload lets HR approve.
 */
describe('approval traps (issue 28 item 5)', () => {
  let browser: Browser;
  // The life-event wizard is offered only outside open enrollment (decisions section 6): Acme's period starts
  // tomorrow for this journey (journeys run one at a time) and gets its own start back afterwards.
  let periodStart: { id: number; start: string } | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    [periodStart] = await sql<{ id: number; start: string }>(
      `SELECT p.id, p.start_date::text AS start FROM open_enrollment_period p JOIN client c ON c.id = p.client_id WHERE c.name = 'Acme Corp' AND p.is_current`,
    );
  });
  afterAll(async () => {
    if (periodStart) await sql('UPDATE open_enrollment_period SET start_date = $2::date WHERE id = $1', [periodStart.id, periodStart.start]);
    await browser.close();
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px: Approve says why it is disabled, works once one employee is filtered, and the filter stays after approving`, async () => {
      const person = await copyOfJane(browserDb, `Apro${width}`);
      const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: person.email, password: DEMO_PASSWORD } });
      const signed = await apiJson<{ id: number }>('/forms', { method: 'POST', token: jwt, body: { signature: dataUrl(strokePng()) } });
      // The signed summary (one of the forms HR's signature is stamped on) is written by the documents worker.
      for (let i = 0; i < 100; i += 1) {
        const [row] = await sql<{ summary_file_id: number | null }>('SELECT summary_file_id FROM signature WHERE id = $1', [signed.id]);
        if (row?.summary_file_id) break;
        await new Promise((r) => setTimeout(r, 200));
      }

      const { page, errors } = await newPage(browser, width);
      await logIn(page, 'hr@acme.test');
      await page.waitForURL(`${SITE}/mbl`);
      await page.goto(`${SITE}/mbl/action-center`);
      await page.getByRole('heading', { name: 'Action Center', level: 1 }).waitFor();

      // All employees: Approve is disabled, focusable, and says why in words on the page and to a screen reader.
      const disabled = page.getByRole('button', { name: 'Approve', exact: true });
      expect(await disabled.getAttribute('aria-disabled')).toBe('true');
      expect(await descriptionOf(page, await disabled.getAttribute('aria-describedby'))).toBe(ActionMessages.approveNeedsEmployee);
      await page.getByText(ActionMessages.approveNeedsEmployee).waitFor();
      await disabled.focus();
      expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('Approve');
      expect(await seriousViolations(page, 'action center, all')).toEqual({ step: 'action center, all', violations: [] });
      await holdsAt(page, width);

      // One employee filtered: Approve opens the signature, and approving signs their actions.
      const name = `Doe, Apro${width}`;
      await page.getByLabel('Employee(s)').selectOption({ label: name });
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(new RegExp(`employeeId=${person.employeeId}`));
      // The page follows the address once its loader has answered: wait for the reason to go.
      await page.getByText(ActionMessages.approveNeedsEmployee).waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Approve', exact: true }).click();
      const approve = page.getByRole('dialog', { name: 'Approve' });
      await approve.getByLabel('Or type your full name').fill('Helen Ross');
      await approve.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Actions approved and their forms signed.').waitFor({ timeout: 30_000 });

      // After approving: the filter still names the employee (not 'All'), the list says nothing is left for them,
      // and Approve says why it is disabled now.
      const employee = page.getByLabel('Employee(s)');
      expect(await employee.inputValue()).toBe(String(person.employeeId));
      expect(await employee.locator('option:checked').innerText()).toBe(name);
      const table = page.getByRole('table', { name: 'Enrollments & Changes' });
      await table.getByText(CensusMessages.noChangesLeft).waitFor();
      expect(await table.getByText(CensusMessages.noActions).count()).toBe(0);
      const after = page.getByRole('button', { name: 'Approve', exact: true });
      expect(await descriptionOf(page, await after.getAttribute('aria-describedby'))).toBe(CensusMessages.nothingToApprove);
      expect(await seriousViolations(page, 'action center, after approving')).toEqual({ step: 'action center, after approving', violations: [] });
      await holdsAt(page, width);
      // Clear filters goes back to everyone.
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL(`${SITE}/mbl/action-center`);
      await page.getByLabel('Employee(s)').locator('option:checked', { hasText: 'All' }).waitFor({ state: 'attached' });
      expect(await page.getByLabel('Employee(s)').inputValue()).toBe('');
      await page.getByText(ActionMessages.approveNeedsEmployee).waitFor();
      expect(scriptErrors(errors)).toEqual([]);
    });

    it(`at ${width} px: a birth is signed without the certificate and the baby's SSN; HR's approval waits for the certificate until it is uploaded`, async () => {
      await sql(`UPDATE open_enrollment_period SET start_date = (now() AT TIME ZONE 'America/New_York')::date + 1 WHERE id = $1`, [periodStart!.id]);
      const person = await copyOfJane(browserDb, `Bria${width}`);
      const [{ d: birthDate }] = await sql<{ d: string }>(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date - 2, 'MM/DD/YYYY') AS d`);

      const { page, errors } = await newPage(browser, width);
      await logIn(page, person.email);
      await page.waitForURL(`${SITE}/mbl`);
      await page.goto(`${SITE}/mbl/change-benefits`);
      await page.getByRole('heading', { name: 'Change My Benefits', level: 1 }).waitFor();
      await page.getByRole('radio', { name: 'Birth or adoption' }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Event date (MM/DD/YYYY)').fill(birthDate);
      await page.getByRole('button', { name: 'Next' }).click();

      // The baby, added without an SSN: the field says it may wait and is not required.
      await page.getByRole('heading', { name: 'Which child?' }).waitFor();
      await page.getByRole('link', { name: 'Add the child' }).click();
      const add = page.getByRole('dialog', { name: 'Add Dependent' });
      await add.getByLabel('First name').waitFor();
      await add.getByText(NEWBORN_SSN_HINT).waitFor();
      expect(await add.getByRole('textbox', { name: 'Social Security Number' }).getAttribute('required')).toBeNull();
      expect(await seriousViolations(page, 'add the baby')).toEqual({ step: 'add the baby', violations: [] });
      await add.getByLabel('First name').fill('Noa');
      await add.getByLabel('Last name').fill('Doe');
      await add.getByLabel('Date of birth').pressSequentially(birthDate.replace(/\//g, ''));
      await add.getByLabel('Gender').selectOption({ label: 'Female' });
      await add.getByRole('button', { name: 'Save' }).click();
      await add.waitFor({ state: 'hidden' });
      await page.getByLabel('Dependent').selectOption({ label: 'Noa Doe' });
      await page.getByRole('button', { name: 'Next' }).click();
      const [baby] = await sql<{ id: number; ssn_enc: string | null }>(`SELECT id, ssn_enc FROM dependent WHERE employee_id = $1 AND first_name = 'Noa'`, [person.employeeId]);
      expect(baby!.ssn_enc).toBeNull();

      // Plan enrollment: the certificate may come later; the baby goes on medical; review and sign without it.
      await page.getByRole('heading', { name: 'Plan enrollment' }).waitFor();
      await page.getByText(LifeEventMessages.proofLater).waitFor();
      expect(await seriousViolations(page, 'plan enrollment')).toEqual({ step: 'plan enrollment', violations: [] });
      await holdsAt(page, width);
      await page.getByRole('link', { name: 'Modify Group Medical' }).click();
      const dialog = page.getByRole('dialog', { name: 'Benefits Enrollment' });
      await dialog.getByRole('checkbox', { name: /Noa Doe/ }).check();
      await dialog.getByRole('button', { name: 'Enroll' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Review and sign' }).waitFor();
      await page.getByLabel('Or type your full name').fill(`Bria${width} Doe`);
      await page.getByRole('button', { name: 'Finish' }).click();
      await page.waitForURL(`${SITE}/mbl`);

      // Change Benefits says the approval waits for the certificate and offers its upload.
      await page.goto(`${SITE}/mbl/change-benefits`);
      await page.getByText(proofAwaitedMessage(PROOF)).waitFor();
      expect(await seriousViolations(page, 'waiting for the certificate')).toEqual({ step: 'waiting for the certificate', violations: [] });
      await holdsAt(page, width);

      // HR: the certificate is shown as missing, and Approve says that is why it cannot be used.
      const { page: hr, errors: hrErrors } = await newPage(browser, width);
      await logIn(hr, 'hr@acme.test');
      await hr.waitForURL(`${SITE}/mbl`);
      await hr.goto(`${SITE}/mbl/action-center`);
      const events = hr.getByRole('region', { name: 'Life events' });
      await events.getByText(`Bria${width} Doe: Birth or adoption on ${birthDate}`, { exact: false }).waitFor();
      const approveName = `Approve birth or adoption for Bria${width} Doe`;
      const waiting = events.getByRole('button', { name: approveName });
      expect(await waiting.getAttribute('aria-disabled')).toBe('true');
      expect(await descriptionOf(hr, await waiting.getAttribute('aria-describedby'))).toBe(proofMissingMessage(PROOF));
      expect(await seriousViolations(hr, 'action center, certificate missing')).toEqual({ step: 'action center, certificate missing', violations: [] });
      await holdsAt(hr, width);
      // Focusable (the reason is read with it); pressing it changes nothing: still pending.
      await waiting.focus();
      await hr.keyboard.press('Enter');
      const [pending] = await sql<{ status: string }>(`SELECT status FROM life_event WHERE employee_id = $1 ORDER BY id DESC LIMIT 1`, [person.employeeId]);
      expect(pending!.status).toBe('pending');

      // The employee uploads it on Change Benefits.
      await page.getByLabel(new RegExp(PROOF)).setInputFiles({ name: 'birth-certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% birth certificate of Noa\n') });
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByText(FileMessages.uploaded).first().waitFor();
      expect(await page.getByText(proofAwaitedMessage(PROOF)).count()).toBe(0);

      // HR: the certificate is there and Approve works.
      await hr.reload();
      await events.getByRole('link', { name: new RegExp(PROOF) }).first().waitFor();
      expect(await events.getByText(proofMissingMessage(PROOF)).count()).toBe(0);
      await events.getByRole('button', { name: approveName }).click();
      await hr.getByText(LifeEventMessages.approved).waitFor();
      const [medical] = await sql<{ id: number }>(`SELECT id FROM enrollment WHERE employee_id = $1 AND plan_type_id = 1 AND status = 1`, [person.employeeId]);
      expect((await sql<{ dependent_id: number }>('SELECT dependent_id FROM enrollment_dependent WHERE enrollment_id = $1', [medical!.id])).map((r) => r.dependent_id)).toContain(baby!.id);
      expect(scriptErrors(errors)).toEqual([]);
      expect(scriptErrors(hrErrors)).toEqual([]);
      await sql('UPDATE open_enrollment_period SET start_date = $2::date WHERE id = $1', [periodStart!.id, periodStart!.start]);
    }, 180_000);
  }
});
