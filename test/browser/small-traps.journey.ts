import type { Browser, Page } from 'playwright-core';
import { apiJson, browserDb, focusedLabel, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { copyOfJane } from '../support/fixtures';
import { dataUrl, strokePng } from '../support/png';
import { DEMO_PASSWORD } from '../support/test-env';

/** axe's serious and critical findings on what the page shows now (issue 28 item 7: none). */
async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

async function holdsAt(page: Page, width: number): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

describe('small traps (issue 28 items 5 and 6)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 390]) {
    it(`at ${width} px: Change Benefits during open enrollment is the card, not the wizard; Modify Selections asks and Cancel gives focus back`, async () => {
      const person = await copyOfJane(browserDb, `Cara${width}`);
      const { page, errors } = await newPage(browser, width);
      await logIn(page, person.email);
      await page.waitForURL(`${SITE}/mbl`);
      // The dashboard's card and this one say the same, from GET /me's window.
      const deadline = await page.getByRole('complementary', { name: 'You can still make changes to your benefits' }).locator('p').first().innerText();
      expect(deadline).toMatch(/^Open enrollment ends (on \d\d\/\d\d\/\d{4} \(\d+ days? left\)|today, \d\d\/\d\d\/\d{4}\.)$/);
      await page.goto(`${SITE}/mbl/change-benefits`);
      const card = page.getByRole('complementary', { name: 'You can still make changes to your benefits' });
      await card.getByText(deadline).waitFor();
      expect(await page.getByRole('group', { name: 'What happened?' }).count()).toBe(0);
      expect(await page.getByRole('list', { name: 'Steps' }).count()).toBe(0);
      expect(await seriousViolations(page, 'change benefits card')).toEqual({ step: 'change benefits card', violations: [] });
      await holdsAt(page, width);
      const modify = card.getByRole('link', { name: 'Modify Selections' });
      await modify.click();
      const dialog = page.getByRole('dialog', { name: 'Modify Selections' });
      await dialog.waitFor();
      expect(await seriousViolations(page, 'modify dialog')).toEqual({ step: 'modify dialog', violations: [] });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForURL(`${SITE}/mbl/change-benefits`);
      // Focus comes back once the dialog's close has settled after the navigation: wait for it, then check it.
      await focusedLabel(page, 'Modify Selections');
      expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('Modify Selections');
      // Continue goes to the Benefits Enrollment step as from the dashboard.
      await modify.click();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/mbl\/registration/);
      expect(scriptErrors(errors)).toEqual([]);
    });

    it(`at ${width} px: /documents/<tab> opens that tab; Add file starts empty again after an upload`, async () => {
      const person = await copyOfJane(browserDb, `Dora${width}`);
      const { page, errors } = await newPage(browser, width);
      await logIn(page, person.email);
      await page.waitForURL(`${SITE}/mbl`);
      const tabs = page.getByRole('navigation', { name: 'Document types' });
      for (const [path, label] of [
        ['company', 'Company Files'],
        ['carrier', 'Carrier Forms'],
        ['personal', 'Personal Documents'],
      ] as const) {
        await page.goto(`${SITE}/mbl/documents/${path}`);
        await tabs.getByRole('link', { name: label }).and(page.locator('[aria-current="page"]')).waitFor();
      }
      expect(await seriousViolations(page, 'personal documents')).toEqual({ step: 'personal documents', violations: [] });
      await holdsAt(page, width);
      // Any other word: 'No match for', as any unknown address.
      await page.goto(`${SITE}/mbl/documents/elsewhere`);
      await page.getByText('No match for').waitFor();

      await page.goto(`${SITE}/mbl/documents/personal`);
      await page.getByRole('link', { name: 'Add file' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add file' });
      await dialog.getByLabel(/Drop a file here/).waitFor();
      await dialog.locator('input[type=file]').setInputFiles({ name: 'scan-1.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% one\n') });
      await dialog.getByLabel('Name').fill('First scan');
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await page.getByText('File uploaded successfully!').waitFor();
      await page.getByRole('link', { name: 'First scan' }).waitFor();
      await page.getByRole('link', { name: 'Add file' }).click();
      await dialog.getByLabel(/Drop a file here/).waitFor();
      expect(await dialog.getByLabel('Name').inputValue()).toBe('');
      expect(await dialog.locator('input[type=file]').inputValue()).toBe('');
      expect(await dialog.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
      expect(await seriousViolations(page, 'add file again')).toEqual({ step: 'add file again', violations: [] });
      expect(scriptErrors(errors)).toEqual([]);
    });

    it(`at ${width} px: the census goes back to the last page, leads a terminated record with its state, and clears the upload form`, async () => {
      // Terminated as HR does it (the API), so the record carries the termination's own dates.
      const gone = await copyOfJane(browserDb, `Tara${width}`);
      const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: 'hr@acme.test', password: DEMO_PASSWORD } });
      const [{ day }] = await sql<{ day: string }>(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date - 10, 'MM/DD/YYYY') AS day`);
      const done = await apiJson<{ coverageEndDate: string }>(`/employees/${gone.employeeId}/terminate`, {
        method: 'PUT',
        token: jwt,
        body: { terminationDate: day, qualifyingEventId: 10, cobraElection: false, signature: dataUrl(strokePng()) },
      });
      const [left, ended] = [day, done.coverageEndDate];
      const { page, errors } = await newPage(browser, width);
      await logIn(page, 'hr@acme.test');
      await page.waitForURL(`${SITE}/mbl`);

      // A page past the end: back on the last page, with its people.
      await page.goto(`${SITE}/mbl/employees-census?activePage=999`);
      await page.waitForURL(/activePage=\d+/);
      const page1 = Number(new URL(page.url()).searchParams.get('activePage'));
      expect(page1).toBeLessThan(999);
      expect(page1).toBeGreaterThanOrEqual(1);
      const active = page.getByRole('region', { name: /^Active Employees/ });
      await active.getByRole('link').first().waitFor();
      expect(await active.getByText('No employees', { exact: true }).count()).toBe(0);
      expect(await seriousViolations(page, 'census last page')).toEqual({ step: 'census last page', violations: [] });
      await holdsAt(page, width);

      // A terminated person's record: the state with its dates first; Log in as employee is not the main button.
      await page.goto(`${SITE}/mbl/employees-census?employee=${gone.employeeId}`);
      const state = page.getByTestId('employee-state');
      await state.getByText(`Terminated on ${left}; coverage ends ${ended}`).waitFor();
      const impersonate = page.getByRole('link', { name: 'Log in as employee' });
      const edit = page.getByRole('link', { name: 'Edit', exact: true });
      expect(await impersonate.getAttribute('class')).toBe(await edit.getAttribute('class'));
      // The state comes before the buttons in reading order.
      expect(
        await page.evaluate(`(() => {
          const state = document.querySelector('[data-testid="employee-state"]');
          const edit = [...document.querySelectorAll('a')].find((a) => a.textContent.trim() === 'Edit');
          return Boolean(state.compareDocumentPosition(edit) & Node.DOCUMENT_POSITION_FOLLOWING);
        })()`),
      ).toBe(true);
      expect(await seriousViolations(page, 'terminated record')).toEqual({ step: 'terminated record', violations: [] });
      await holdsAt(page, width);

      // Files: after a save the title and the file are cleared.
      await page.goto(`${SITE}/mbl/employees-census?employee=${gone.employeeId}&tab=files`);
      await page.getByLabel('Title').fill('Exit letter');
      await page.getByLabel('File (up to 10 MB)').setInputFiles({ name: 'exit.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 exit letter') });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('list', { name: 'Files' }).getByRole('link', { name: /Exit letter/ }).waitFor();
      expect(await page.getByLabel('Title').inputValue()).toBe('');
      expect(await page.getByLabel('File (up to 10 MB)').inputValue()).toBe('');
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      expect(await seriousViolations(page, 'census files')).toEqual({ step: 'census files', violations: [] });
      expect(scriptErrors(errors)).toEqual([]);
    });
  }
});
