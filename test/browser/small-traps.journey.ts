import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { clientDateTime } from '../../api/src/contracts/formats';
import { HEADER_ROW } from '../../api/src/modules/reports/report-sheet';
import { apiJson, browserDb, focusedLabel, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { copyOfJane } from '../support/fixtures';
import { dataUrl, strokePng } from '../support/png';
import { DEMO_PASSWORD } from '../support/test-env';

/** A file's upload time as the lists show it: in the client's zone with its abbreviation, from the stored row. */
async function shownUploadTime(title: string, employeeId: number): Promise<string> {
  const [row] = await sql<{ created_at: Date; time_zone: string }>(
    `SELECT f.created_at, c.time_zone FROM file f JOIN client c ON c.id = f.client_id WHERE f.employee_id = $1 AND f.title = $2`,
    [employeeId, title],
  );
  return clientDateTime(row!.created_at, row!.time_zone);
}

/** axe's serious and critical findings on what the page shows now (issue 28 item 7: none). */
async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

async function holdsAt(page: Page, width: number): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

describe('small traps (issue 28 items 4, 5 and 6)', () => {
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
      await page.waitForURL(`${SITE}/mbl/change-benefits/event`);
      // Focus comes back once the dialog's close has settled after the navigation: wait for it, then check it.
      await focusedLabel(page, 'Modify Selections');
      expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('Modify Selections');
      // Continue goes to the Benefits Enrollment step as from the dashboard.
      await modify.click();
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/mbl\/registration/);
      expect(scriptErrors(errors)).toEqual([]);
    });

    it(`at ${width} px: a new hire within their window sees the card with its date and days left and Modify Selections, not the wizard`, async () => {
      // Eligible on the last day of Acme's open enrollment: the new-hire window outlasts it, so it is the one the card names.
      const person = await copyOfJane(browserDb, `Nina${width}`);
      await sql(
        `UPDATE employee e SET new_hire = true, eligibility_date = p.end_date FROM open_enrollment_period p WHERE p.client_id = e.client_id AND p.is_current AND e.id = $1`,
        [person.employeeId],
      );
      const [{ last, left }] = await sql<{ last: string; left: number }>(
        `SELECT to_char(p.end_date + 29, 'MM/DD/YYYY') AS last, (p.end_date + 29) - (now() AT TIME ZONE c.time_zone)::date AS left
           FROM open_enrollment_period p JOIN client c ON c.id = p.client_id JOIN employee e ON e.client_id = c.id WHERE p.is_current AND e.id = $1`,
        [person.employeeId],
      );
      const { page, errors } = await newPage(browser, width);
      await logIn(page, person.email);
      await page.waitForURL(`${SITE}/mbl`);
      await page.goto(`${SITE}/mbl/change-benefits`);
      const card = page.getByRole('complementary', { name: 'You can still make changes to your benefits' });
      await card.getByText(`Your new-hire enrollment window ends on ${last} (${left} days left)`).waitFor();
      expect(await page.getByRole('group', { name: 'What happened?' }).count()).toBe(0);
      expect(await page.getByRole('list', { name: 'Steps' }).count()).toBe(0);
      expect(await seriousViolations(page, 'new-hire card')).toEqual({ step: 'new-hire card', violations: [] });
      await holdsAt(page, width);
      await card.getByRole('link', { name: 'Modify Selections' }).click();
      const dialog = page.getByRole('dialog', { name: 'Modify Selections' });
      await dialog.getByRole('button', { name: 'Continue' }).waitFor();
      expect(await seriousViolations(page, 'new-hire modify dialog')).toEqual({ step: 'new-hire modify dialog', violations: [] });
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/mbl\/registration/);
      expect(scriptErrors(errors)).toEqual([]);
    });

    it(`at ${width} px: HR Reports: a custom report offers Edit and Delete and Edit changes it, a stock one offers Copy, and the file HR hands on`, async () => {
      const { page, errors } = await newPage(browser, width);
      page.on('dialog', (d) => void d.accept());
      await logIn(page, 'hr@acme.test');
      await page.waitForURL(`${SITE}/mbl`);
      await page.goto(`${SITE}/mbl/reports`);
      const list = page.getByRole('table', { name: 'Reports' });
      await list.waitFor();
      expect(await seriousViolations(page, 'reports list')).toEqual({ step: 'reports list', violations: [] });
      await holdsAt(page, width);

      // A report of the client's own, made in the builder.
      const title = `Headcount ${width} ${Date.now()}`;
      await page.getByRole('link', { name: 'New Report' }).click();
      const builder = page.getByRole('dialog', { name: 'Report builder' });
      await builder.getByLabel('Report name').fill(title);
      expect(await seriousViolations(page, 'report builder')).toEqual({ step: 'report builder', violations: [] });
      await builder.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: title, level: 2 }).waitFor();

      // Its row: Download, Edit and Delete; editing it changes it (no copy is made).
      await page.goto(`${SITE}/mbl/reports`);
      const own = list.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
      await own.getByRole('button', { name: `Download ${title}`, exact: true }).waitFor();
      await own.getByRole('button', { name: `Delete ${title}`, exact: true }).waitFor();
      expect(await own.getByRole('link', { name: /^Copy/ }).count()).toBe(0);
      const reports = await list.getByRole('row').count();
      await own.getByRole('link', { name: `Edit ${title}`, exact: true }).click();
      expect(await builder.getByLabel('Report name').inputValue()).toBe(title);
      await builder.getByLabel('Report name').fill(`${title} edited`);
      await builder.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: `${title} edited`, level: 2 }).waitFor();
      await page.goto(`${SITE}/mbl/reports`);
      const edited = list.getByRole('row').filter({ has: page.getByRole('link', { name: `${title} edited`, exact: true }) });
      await edited.waitFor();
      expect(await list.getByRole('link', { name: title, exact: true }).count()).toBe(0);
      expect(await list.getByRole('row').count()).toBe(reports);

      // A stock report offers Copy, not Edit or Delete; its builder starts as 'Copy of …'.
      const census = list.getByRole('row').filter({ has: page.getByRole('link', { name: 'Census', exact: true }) });
      expect(await census.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
      expect(await census.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
      await census.getByRole('link', { name: 'Copy Census', exact: true }).click();
      expect(await builder.getByLabel('Report name').inputValue()).toBe('Copy of Census');
      expect(await seriousViolations(page, 'copy of a stock report')).toEqual({ step: 'copy of a stock report', violations: [] });
      await builder.getByRole('link', { name: 'Cancel' }).click();
      await builder.waitFor({ state: 'hidden' });

      // The stock report's file: the client, the title and the time run above a frozen, filtered header.
      await page.goto(`${SITE}/mbl/reports`);
      await list.getByRole('link', { name: 'Census', exact: true }).click();
      await page.getByRole('heading', { name: 'Census', level: 2 }).waitFor();
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      const ready = page.getByRole('link', { name: 'Download Census.xlsx' });
      await ready.waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page, 'report with its file')).toEqual({ step: 'report with its file', violations: [] });
      await holdsAt(page, width);
      const [download] = await Promise.all([page.waitForEvent('download'), ready.click()]);
      expect(download.suggestedFilename()).toBe('Census.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile((await download.path())!);
      const sheet = book.worksheets[0]!;
      expect(sheet.getCell('A1').value).toBe('Acme Corp');
      expect(sheet.getCell('A2').value).toBe('Census');
      expect(String(sheet.getCell('A3').value)).toMatch(/^Run on \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M E[SD]T$/);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW });
      expect(sheet.getRow(HEADER_ROW).getCell(1).value).toBe('Last Name');

      // Delete (after the browser's confirm) takes the row away.
      await page.goto(`${SITE}/mbl/reports`);
      await edited.getByRole('button', { name: `Delete ${title} edited`, exact: true }).click();
      await edited.waitFor({ state: 'detached' });
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
      // Its upload time in Acme's zone with the zone's abbreviation, as the audit log shows times.
      const uploaded = await shownUploadTime('First scan', person.employeeId);
      expect(uploaded).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M E[SD]T$/);
      await page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'First scan' }) }).getByText(`${uploaded} · 1 KB`).waitFor();
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
      await page.goto(`${SITE}/mbl/employees-census/${gone.employeeId}`);
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
      await page.goto(`${SITE}/mbl/employees-census/${gone.employeeId}?tab=files`);
      await page.getByLabel('Title').fill('Exit letter');
      await page.getByLabel('File (up to 10 MB)').setInputFiles({ name: 'exit.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 exit letter') });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('list', { name: 'Files' }).getByRole('link', { name: /Exit letter/ }).waitFor();
      const saved = await shownUploadTime('Exit letter', gone.employeeId);
      expect(saved).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M E[SD]T$/);
      const files = page.getByRole('list', { name: 'Files' });
      await files.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Exit letter/ }) }).getByText(`${saved} · 1 KB`).waitFor();
      expect(await page.getByLabel('Title').inputValue()).toBe('');
      expect(await page.getByLabel('File (up to 10 MB)').inputValue()).toBe('');
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      expect(await seriousViolations(page, 'census files')).toEqual({ step: 'census files', violations: [] });
      expect(scriptErrors(errors)).toEqual([]);
    });
  }
});
