import type { Browser } from 'playwright-core';
import { apiJson, browserDb, launchBrowser, logIn, newPage, scriptErrors, SITE } from '../support/browser';
import { createPerson } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/test-env';

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
    await dialog.getByText(/^Performed by Aude Itlog on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM) UTC$/).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // On a phone the table scrolls inside its card; the page itself does not widen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(scriptErrors(errors)).toEqual([]);

    // HR: the same entry, found by the employee's name, sorted by a column heading.
    const hr = await newPage(browser);
    await logIn(hr.page, 'hr@acme.test');
    await hr.page.waitForURL(`${SITE}/mbl`);
    await hr.page.goto(`${SITE}/mbl/audit-admin`);
    await hr.page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
    await hr.page.getByLabel('Employee Name').fill('aude itl');
    await hr.page.getByRole('button', { name: 'Apply filters' }).click();
    await hr.page.getByRole('row', { name: /Aude Itlog.*Beneficiary Remy Itlog/ }).waitFor();
    await hr.page.getByText('Page 1 of 1 · 1 entries').waitFor();
    await hr.page.getByRole('link', { name: 'Description' }).click();
    await hr.page.waitForURL(/orderBy=description/);
    await hr.page.locator('th[aria-sort="descending"]', { hasText: 'Description' }).waitFor();
    expect(await hr.page.locator('th[aria-sort]').count()).toBe(1);
    expect(scriptErrors(hr.errors)).toEqual([]);
  });
});
