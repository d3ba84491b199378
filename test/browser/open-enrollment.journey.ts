import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { API, apiJson, browserDb, launchBrowser, logIn, newPage, scriptErrors, SITE, sql } from '../support/browser';
import { cloneAcmeClient, copyRow, createPerson } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/test-env';

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
    await card.getByRole('link', { name: 'Change Date' }).click();
    await dialog.getByRole('button', { name: 'Close OE now' }).click();
    await card.getByText(/^Closed on \d{2}\/\d{2}\/\d{4}$/).waitFor();
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
    sheet.eachRow((row, n) => {
      if (n > 1) names.push(`${String(row.getCell(2).value)} ${String(row.getCell(1).value)}`);
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
});
