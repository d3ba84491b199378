import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { API, apiJson, browserDb, focusedLabel, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { cloneAcmeClient, cloneAcmeWithPlans, copyRow, createPerson } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/test-env';
import { HEADER_ROW } from '../../api/src/modules/reports/report-sheet';
import { OpenEnrollmentMessages } from '../../api/src/contracts/open-enrollment';

describe('open enrollment journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('HR starts open enrollment, an employee enrolls, HR closes it now and reads the dashboard and the transactions', async () => {
    // A client of this journey's own (closing Acme's open enrollment would close it for every other journey).
    const clientId = await cloneAcmeClient(browserDb);
    const [acme] = await sql<{ id: number }>(`SELECT p.id FROM open_enrollment_period p JOIN client c ON c.id = p.client_id WHERE c.name = 'Acme Corp' AND p.is_current`);
    const period = await copyRow(browserDb, 'open_enrollment_period', acme!.id, { client_id: clientId, is_current: false, started_at: null, title: 'Journey Open Enrollment' });
    for (const { id } of await sql<{ id: number }>('SELECT id FROM plan WHERE open_enrollment_period_id = $1 ORDER BY id', [acme!.id])) {
      const plan = await copyRow(browserDb, 'plan', id, { client_id: clientId, open_enrollment_period_id: period, hsa_plan_id: null });
      for (const rate of await sql<{ id: number }>('SELECT id FROM plan_rate WHERE plan_id = $1', [id])) await copyRow(browserDb, 'plan_rate', rate.id, { plan_id: plan });
    }
    const hr = await createPerson(browserDb, { clientId, registered: true, roleType: 1, firstName: 'Hedda', lastName: 'Admin' });
    const emp = await createPerson(browserDb, { clientId, registered: true, firstName: 'Evan', lastName: 'Enroller' });
    await sql(`UPDATE employee SET birth_date = '1985-03-04', gender = 1, hire_date = '2020-01-06', employment_id = 1 WHERE id = $1`, [emp.employeeId]);

    const { page, errors } = await newPage(browser);
    await logIn(page, hr.email);
    await page.waitForURL(`${SITE}/mbl`);
    await page.goto(`${SITE}/mbl/status-dashboard?period=${period}`);
    const card = page.getByRole('region', { name: 'Open Enrollment' });
    await card.getByText('Ready to Start').waitFor();
    await card.getByRole('link', { name: 'Start' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open Enrollment' });
    const [{ last }] = await sql<{ last: string }>(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date + 14, 'MM/DD/YYYY') AS last`);
    await dialog.getByLabel('Last day (MM/DD/YYYY)').fill(last!);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await card.getByText(`Ends on ${last}`).waitFor();

    // The employee enrolls in vision during the open enrollment (as the enrollment dialog does).
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: emp.email, password: DEMO_PASSWORD } });
    const rows = await apiJson<Array<{ id: number; planTypeId: number }>>('/enrollments', { token: jwt });
    const plans = await apiJson<Array<{ id: number; title: string }>>('/plans?type=8', { token: jwt });
    await apiJson(`/enrollments/${rows.find((r) => r.planTypeId === 8)!.id}`, { method: 'PUT', token: jwt, body: { status: '1', planId: plans[0]!.id, dependents: [] } });

    // The dashboard shows his vision election; HR closes open enrollment now.
    await page.reload();
    const table = page.getByRole('table', { name: /Journey Open Enrollment: employees/ });
    const row = table.getByRole('row', { name: /Enroller, Evan/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Enrolled');
    // Download as csv: the reports worker writes it while the page follows.
    await page.getByLabel('Format').selectOption('csv');
    await page.getByRole('button', { name: 'Download' }).click();
    const csvLink = page.getByRole('link', { name: 'Download Journey Open Enrollment status.csv' });
    await csvLink.waitFor({ timeout: 30_000 });
    const csvCookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const csv = await (await fetch(`${SITE}${await csvLink.getAttribute('href')}`, { headers: { cookie: csvCookies } })).text();
    expect(csv.split('\r\n')[0]).toMatch(/^Last Name,First Name,Completion,Signature,/);
    expect(csv).toContain('Enroller,Evan,');
    // Nobody here has signed: every employee on the dashboard will be counted.
    const everyone = (await table.getByRole('row').count()) - 1;
    await card.getByRole('link', { name: 'Change Date' }).click();
    // Close OE now asks first, with how many have not finished (Evan has not signed), in a dialog of its own.
    await dialog.getByRole('link', { name: 'Close OE now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close open enrollment now?' });
    await confirm.getByText(OpenEnrollmentMessages.closeUnfinished(everyone, everyone)).waitFor();
    await confirm.getByText('Journey Open Enrollment').waitFor();
    expect({ step: 'Close OE now at 1280 px', violations: await wcagViolations(page) }).toEqual({ step: 'Close OE now at 1280 px', violations: [] });
    // Keeping it open goes back to the Open Enrollment dialog; nothing closed.
    await confirm.getByRole('link', { name: 'Keep it open' }).click();
    await dialog.waitFor();
    expect((await sql<{ closed: string | null }>('SELECT closed_date::text AS closed FROM open_enrollment_period WHERE id = $1', [period]))[0]!.closed).toBeNull();
    await dialog.getByRole('link', { name: 'Close OE now' }).click();
    await confirm.getByRole('button', { name: 'Close open enrollment' }).click();
    // Then it says what happened, with the period and the date, and the notice has focus.
    await page.getByText(/^Journey Open Enrollment was closed on \d{2}\/\d{2}\/\d{4}\.$/).waitFor();
    const [{ closed }] = await sql<{ closed: string }>(`SELECT to_char(closed_date, 'MM/DD/YYYY') AS closed FROM open_enrollment_period WHERE id = $1`, [period]);
    await page.getByText(`Journey Open Enrollment was closed on ${closed}.`).waitFor();
    await focusedLabel(page, `Journey Open Enrollment was closed on ${closed}.`);
    await card.getByText(`Closed on ${closed}`).waitFor();
    await card.getByRole('link', { name: 'Reopen' }).waitFor();

    // Transactions: his vision Add, and the workbook to download.
    await page.goto(`${SITE}/mbl/transactions?period=${period}`);
    const report = page.getByRole('table', { name: /Journey Open Enrollment: changes/ });
    const change = report.getByRole('row', { name: /Evan Enroller/ });
    await change.waitFor();
    expect(await change.innerText()).toMatch(/Group Vision[\s\S]*Add/);
    const href = await page.getByRole('link', { name: 'Download' }).getAttribute('href');
    const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const file = await fetch(`${SITE}${href}`, { headers: { cookie: cookies } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Journey Open Enrollment transactions.xlsx"');
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // HR Reports: the Census report of this client, sorted by a column, downloaded as Census.xlsx.
    await page.goto(`${SITE}/mbl/reports`);
    // A stock report's row offers its file and a copy (it cannot be changed itself).
    const censusRow = page.getByRole('table', { name: 'Reports' }).getByRole('row').filter({ has: page.getByRole('link', { name: 'Census', exact: true }) });
    await censusRow.getByRole('button', { name: 'Download Census', exact: true }).waitFor();
    await censusRow.getByRole('link', { name: 'Copy Census', exact: true }).waitFor();
    expect(await censusRow.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await page.getByRole('table', { name: 'Reports' }).getByRole('link', { name: 'Census', exact: true }).click();
    await page.getByRole('heading', { name: 'Census', level: 2 }).waitFor();
    await page.getByRole('columnheader', { name: /First Name/ }).getByRole('link').click();
    await page.locator('th[aria-sort="descending"]', { hasText: 'First Name' }).waitFor();
    await page.getByRole('button', { name: 'Download' }).click();
    const ready = page.getByRole('link', { name: 'Download Census.xlsx' });
    await ready.waitFor({ timeout: 30_000 });
    const xlsx = await fetch(`${SITE}${await ready.getAttribute('href')}`, { headers: { cookie: cookies } });
    expect(xlsx.headers.get('content-disposition')).toBe('attachment; filename="Census.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[0]!;
    const names: string[] = [];
    expect(sheet.getCell('A2').value).toBe('Census');
    sheet.eachRow((row, n) => {
      if (n > HEADER_ROW) names.push(`${String(row.getCell(2).value)} ${String(row.getCell(1).value)}`);
    });
    // Sorted by first name, descending, as on screen.
    expect(names).toEqual(['Hedda Admin', 'Evan Enroller']);

    // The refused write after the close, as the employee would meet it.
    const refused = await fetch(`${API}/enrollments/${rows.find((r) => r.planTypeId === 8)!.id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: '-2' }),
    });
    expect(refused.status).toBe(409);
    expect(scriptErrors(errors)).toEqual([]);
  });

  it('HR prepares next plan year from the status dashboard and starts it from the dialog, on a phone', async () => {
    // A client of this journey's own with Acme's current period (started) and plans: nobody else's year moves.
    const { clientId, periodId } = await cloneAcmeWithPlans(browserDb);
    const hr = await createPerson(browserDb, { clientId, registered: true, roleType: 1, firstName: 'Nadia', lastName: 'Admin' });
    const [{ starts }] = await sql<{ starts: string }>(`SELECT to_char(min(effective_date) + interval '1 year', 'MM/DD/YYYY') AS starts FROM plan WHERE open_enrollment_period_id = $1`, [periodId]);

    const { page, errors } = await newPage(browser, 390);
    await logIn(page, hr.email);
    await page.waitForURL(`${SITE}/mbl`);
    await page.goto(`${SITE}/mbl/status-dashboard`);
    // While this year's open enrollment runs there is nothing to prepare; HR closes it first.
    expect(await page.getByRole('button', { name: 'Prepare next plan year' }).count()).toBe(0);
    const card = page.getByRole('region', { name: 'Open Enrollment' });
    await card.getByRole('link', { name: 'Change Date' }).click();
    await page.getByRole('dialog', { name: 'Open Enrollment' }).getByRole('link', { name: 'Close OE now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close open enrollment now?' });
    await confirm.getByText(/not finished their enrollment|have finished their enrollment/).waitFor();
    expect({ step: 'Close OE now at 390 px', violations: await wcagViolations(page) }).toEqual({ step: 'Close OE now at 390 px', violations: [] });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await confirm.getByRole('button', { name: 'Close open enrollment' }).click();
    await page.getByText(/was closed on \d{2}\/\d{2}\/\d{4}\.$/).waitFor();
    await card.getByText(/^Closed on /).waitFor();
    await page.getByRole('button', { name: 'Prepare next plan year' }).click();
    // Straight into the new period's Start dialog: its plans renewed a year later.
    const dialog = page.getByRole('dialog', { name: 'Open Enrollment' });
    await dialog.waitFor();
    const plans = dialog.getByRole('table', { name: 'Plans' });
    const effective = plans.getByRole('textbox', { name: /^Effective date of / });
    expect(await effective.count()).toBeGreaterThan(3);
    for (const input of await effective.all()) expect(await input.inputValue()).toBe(starts);
    const [{ last }] = await sql<{ last: string }>(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date + 14, 'MM/DD/YYYY') AS last`);
    await dialog.getByLabel('Last day (MM/DD/YYYY)').fill(last!);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await card.getByText(`Ends on ${last}`).waitFor();
    // Next year's open enrollment runs now, so there is nothing to prepare; the page holds at 390 px.
    expect(await page.getByRole('button', { name: 'Prepare next plan year' }).count()).toBe(0);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const [period] = await sql<{ title: string; is_current: boolean }>(`SELECT title, is_current FROM open_enrollment_period WHERE client_id = $1 AND id <> $2`, [clientId, periodId]);
    expect(period).toEqual({ title: `Open Enrollment ${starts!.slice(6)}`, is_current: true });
    expect(scriptErrors(errors)).toEqual([]);
  });
});
