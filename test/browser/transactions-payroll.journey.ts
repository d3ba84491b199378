import type { Browser, Page } from 'playwright-core';
import { PayrollMessages } from '../../api/src/contracts/payroll';
import { apiJson, browserDb, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { copyOfJane } from '../support/fixtures';
import { dataUrl, strokePng } from '../support/png';
import { DEMO_PASSWORD } from '../support/test-env';

/** axe's serious and critical findings on what the page shows now (none allowed). */
async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

async function holdsAt(page: Page, width: number): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

/**
 * Issue 30 items 1 and 3: during Acme's open enrollment HR opens Transactions and reads the signed changes so
 * far (a termination with its last day of coverage), then creates the payroll deduction file of a pay period
 * and downloads it once the workers have written it.
 */
describe('Transactions during open enrollment and the payroll deduction file', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 390]) {
    it(`at ${width} px`, async () => {
      const person = await copyOfJane(browserDb, `Lena${width}`);
      const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: 'hr@acme.test', password: DEMO_PASSWORD } });
      await apiJson(`/employees/${person.employeeId}/terminate`, { method: 'PUT', token: jwt, body: { terminationDate: '01/15/2027', qualifyingEventId: 10, cobraElection: false, signature: dataUrl(strokePng()) } });
      const [{ coverage_end_date: end }] = await sql<{ coverage_end_date: string }>(`SELECT to_char(coverage_end_date, 'MM/DD/YYYY') AS coverage_end_date FROM termination WHERE employee_id = $1`, [person.employeeId]);

      const { page, errors } = await newPage(browser, width);
      await logIn(page, 'hr@acme.test');
      await page.waitForURL(`${SITE}/mbl`);
      await page.goto(`${SITE}/mbl/transactions`);
      // The open period lists what was signed so far instead of asking to come back later.
      const table = page.getByRole('table', { name: /signed changes so far/ });
      await table.waitFor();
      const row = table.getByRole('row').filter({ hasText: `Lena${width} Doe` }).filter({ hasText: 'Termination of coverage' }).first();
      await row.waitFor();
      expect(await row.innerText()).toContain(end);
      expect(await seriousViolations(page, 'transactions during open enrollment')).toEqual({ step: 'transactions during open enrollment', violations: [] });
      await holdsAt(page, width);

      // The payroll deduction file of the pay period holding 02/15/2027, as CSV.
      await page.getByRole('link', { name: 'Payroll deductions' }).click();
      await page.getByRole('heading', { name: 'Payroll deductions' }).waitFor();
      await page.getByText(PayrollMessages.rule).waitFor();
      await page.getByLabel('A day in the pay period (MM/DD/YYYY)').fill('02/15/2027');
      await page.getByLabel('Format').selectOption('csv');
      await page.getByRole('button', { name: 'Create file' }).click();
      const download = page.getByRole('link', { name: /^Download Payroll deductions .*\.csv$/ });
      await download.waitFor({ timeout: 30_000 });
      expect(await seriousViolations(page, 'deduction file ready')).toEqual({ step: 'deduction file ready', violations: [] });
      await holdsAt(page, width);
      const downloading = page.waitForEvent('download');
      await download.click();
      const file = await downloading;
      const chunks: Buffer[] = [];
      for await (const c of (await file.createReadStream())!) chunks.push(c as Buffer);
      const lines = Buffer.concat(chunks).toString('utf8').trim().split('\r\n');
      expect(lines[0]).toBe('Employee,Employee ID,Plan Type,Plan,Tax,Employee Amount,Employer Amount,Effective Date,Change Since Last Period');
      expect(file.suggestedFilename()).toMatch(/^Payroll deductions .*\.csv$/);

      // A date that is none is refused with the contracts' message, before and after scripts alike.
      await page.getByLabel('A day in the pay period (MM/DD/YYYY)').fill('02/30/2027');
      await page.getByRole('button', { name: 'Create file' }).click();
      await page.getByText(PayrollMessages.noPayPeriod).waitFor();
      expect(scriptErrors(errors)).toEqual([]);
    });
  }
});
