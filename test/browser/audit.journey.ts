import type { Browser, Page } from 'playwright-core';
import { apiJson, browserDb, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { createPerson } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/test-env';

/** axe's serious and critical findings on what the page shows now (issue 28 item 7: none). */
async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

describe('audit logs journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('an employee reads My Audit Log with its details, and HR finds the same entries in the Audit Log', async () => {
    const p = await createPerson(browserDb, { registered: true, firstName: 'Aude', lastName: 'Itlog' });
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: p.email, password: DEMO_PASSWORD } });
    const body = { firstName: 'Remy', lastName: 'Itlog', relationshipTypeId: '1', beneficiaryType: '1', share: '100', birthDate: '01/02/1990', ssn: '123-45-6791' };
    await apiJson('/beneficiaries', { method: 'POST', token: jwt, body });

    const { page, errors } = await newPage(browser);
    await logIn(page, p.email);
    await page.waitForURL(`${SITE}/mbl`);
    await page.goto(`${SITE}/mbl/audit`);
    await page.getByRole('heading', { name: 'My Audit Log', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Enrollments & Changes' }).waitFor();
    const row = page.getByRole('row', { name: /Beneficiary: Beneficiary Remy Itlog \(Primary, 100%\) added/ });
    await row.waitFor();
    // The time in Acme's zone (America/New_York) with its abbreviation, as PostgreSQL reads the stored instant there.
    const [entry] = await sql<{ shown: string; abbrev: string }>(
      `SELECT to_char(l.created_at AT TIME ZONE 'America/New_York', 'MM/DD/YYYY HH12:MI AM') AS shown,
              CASE WHEN (l.created_at AT TIME ZONE 'America/New_York') - (l.created_at AT TIME ZONE 'UTC') = interval '-4 hours' THEN 'EDT' ELSE 'EST' END AS abbrev
         FROM audit_log l JOIN employee e ON e.id = l.employee_id WHERE e.id = $1 ORDER BY l.id DESC LIMIT 1`,
      [p.employeeId],
    );
    const when = `${entry!.shown} ${entry!.abbrev}`;
    await row.getByRole('cell', { name: when, exact: true }).waitFor();
    expect(await seriousViolations(page, 'my audit log 1280')).toEqual({ step: 'my audit log 1280', violations: [] });
    expect(await page.getByRole('columnheader', { name: 'Employee Name' }).count()).toBe(0);

    // Filtered to deletions: nothing; back to creations: the entry.
    await page.locator('summary', { hasText: 'Event Type' }).click();
    await page.getByLabel('Delete').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No log entries match.').waitFor();
    await page.getByLabel('Delete').uncheck();
    await page.getByLabel('Create').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await row.waitFor();

    // Log Details: the fields of a create, the SSN masked, who did it and when.
    await row.getByRole('link', { name: /Log Details/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Log Details' });
    await dialog.getByRole('rowheader', { name: /First name/ }).waitFor();
    expect(await dialog.getByRole('columnheader', { name: 'Old Value' }).count()).toBe(0);
    await dialog.getByText('XXX-XX-6791').waitFor();
    expect(await dialog.getByText('123-45-6791').count()).toBe(0);
    await dialog.getByText(`Performed by Aude Itlog on ${when}`, { exact: true }).waitFor();
    expect(await seriousViolations(page, 'log details')).toEqual({ step: 'log details', violations: [] });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // On a phone the table scrolls inside its card; the page itself does not widen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await row.getByRole('cell', { name: when, exact: true }).waitFor();
    expect(await seriousViolations(page, 'my audit log 390')).toEqual({ step: 'my audit log 390', violations: [] });
    expect(scriptErrors(errors)).toEqual([]);

    // HR: the same entry, found by the employee's name, sorted by a column heading.
    const hr = await newPage(browser);
    await logIn(hr.page, 'hr@acme.test');
    await hr.page.waitForURL(`${SITE}/mbl`);
    await hr.page.goto(`${SITE}/mbl/audit-admin`);
    await hr.page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
    await hr.page.getByLabel('Employee Name').fill('aude itl');
    await hr.page.getByRole('button', { name: 'Apply filters' }).click();
    const hrRow = hr.page.getByRole('row', { name: /Aude Itlog.*Beneficiary Remy Itlog/ });
    await hrRow.waitFor();
    await hrRow.getByRole('cell', { name: when, exact: true }).waitFor();
    expect(await seriousViolations(hr.page, 'audit log 1280')).toEqual({ step: 'audit log 1280', violations: [] });
    await hr.page.getByText('Page 1 of 1 · 1 entries').waitFor();
    await hr.page.getByRole('link', { name: 'Description' }).click();
    await hr.page.waitForURL(/orderBy=description/);
    await hr.page.locator('th[aria-sort="descending"]', { hasText: 'Description' }).waitFor();
    expect(await hr.page.locator('th[aria-sort]').count()).toBe(1);
    await hr.page.setViewportSize({ width: 390, height: 844 });
    await hrRow.getByRole('cell', { name: when, exact: true }).waitFor();
    expect(await seriousViolations(hr.page, 'audit log 390')).toEqual({ step: 'audit log 390', violations: [] });
    expect(await hr.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(scriptErrors(hr.errors)).toEqual([]);
  });
});
