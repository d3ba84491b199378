import type { Browser, Page } from 'playwright-core';
import { hashSecret } from '../../api/src/core/auth/passwords';
import { ImportMessages, RATE_SHEET_NAMES as S } from '../../api/src/contracts/rate-sheet';
import { browserDb, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { cloneAcmeClient, uniqueEmail } from '../support/fixtures';
import { cleanRateSheet, toXlsx } from '../support/rate-sheet-fixture';
import { DEMO_PASSWORD } from '../support/test-env';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

async function holdsAt(page: Page, width: number): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

/**
 * A client of an agency of its own, with its agent and a plan year waiting to start (a fixture: the clients
 * screens of issue 29 item 1 had not landed when this journey was written).
 */
async function agentWithDraftPeriod(): Promise<{ email: string; clientId: number }> {
  const clientId = await cloneAcmeClient(browserDb);
  const [{ agency_id: agencyId }] = await sql<{ agency_id: number }>('SELECT agency_id FROM client WHERE id = $1', [clientId]);
  const email = uniqueEmail('agent');
  await sql(
    `INSERT INTO account (agency_id, username, email, authentication_method, password_hash, role_type, first_name, last_name, registration_step, privacy_policy_agreed_at)
     VALUES ($1, $2, $2, 'email', $3, 1, 'Ada', 'Agent', 0, now())`,
    [agencyId, email, await hashSecret(DEMO_PASSWORD)],
  );
  await sql(`INSERT INTO open_enrollment_period (client_id, title, start_date, end_date, is_current) VALUES ($1, 'Open Enrollment 2027', '2027-01-01', '2027-01-01', false)`, [clientId]);
  return { email, clientId };
}

describe('rate sheet (issue 29 item 2): the agent uploads a sheet with problems, then a clean one, previews and imports it, and edits a plan and its rates', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const width of [1280, 390]) {
    it(`at ${width} px`, async () => {
      const { email, clientId } = await agentWithDraftPeriod();
      const { page, errors } = await newPage(browser, width);
      await logIn(page, email);
      await page.waitForURL(/\/mbl\/employees-census/);
      if (width === 1280) {
        await page.getByRole('link', { name: 'Plans and Rates' }).click();
      } else {
        await page.goto(`${SITE}/mbl/plans-setup`);
      }
      await page.getByRole('heading', { name: 'Plans and Rates', level: 1 }).waitFor();
      await page.getByText('No plans yet.').waitFor();
      expect(await seriousViolations(page, 'plans and rates')).toEqual({ step: 'plans and rates', violations: [] });
      await holdsAt(page, width);

      // A sheet with problems: each one listed with its sheet, row, column and cell; focus on the summary.
      const broken = cleanRateSheet();
      broken[S.plans]![0]!['Waiting period (days)'] = 'thirty';
      broken[S.rates]![5]!['Monthly rate'] = '-900';
      await page.getByLabel('Rate sheet (xlsx)').setInputFiles({ name: 'rates.xlsx', mimeType: XLSX, buffer: await toXlsx(broken) });
      await page.getByRole('button', { name: 'Upload and check' }).click();
      const problems = page.getByRole('region', { name: 'Problems in the file' });
      await problems.waitFor();
      const rows = await problems.locator('tbody tr').allInnerTexts();
      expect(rows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual([
        [S.plans, '2', 'Waiting period (days)', 'M2', ImportMessages.notWholeNumber],
        [S.rates, '7', 'Monthly rate', 'E7', ImportMessages.notAmount],
      ]);
      expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe(`${ImportMessages.notClean} (2 problems)`);
      expect(await seriousViolations(page, 'problems')).toEqual({ step: 'problems', violations: [] });
      await holdsAt(page, width);
      expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM plan WHERE client_id = $1', [clientId]))[0]!.n).toBe(0);

      // The corrected sheet: its preview, then the import.
      await page.getByLabel('Rate sheet (xlsx)').setInputFiles({ name: 'rates.xlsx', mimeType: XLSX, buffer: await toXlsx(cleanRateSheet()) });
      await page.getByRole('button', { name: 'Upload and check' }).click();
      await page.getByRole('heading', { name: 'Rate sheet preview', level: 1 }).waitFor();
      await page.getByText('rates.xlsx: 10 plans, no problems').waitFor();
      const ppo = page.getByRole('region', { name: 'Costs of PPO 1000' });
      // Family: 1,700.00 a month, the employer half of it: 850 x 12 / 26 paychecks.
      expect((await ppo.getByRole('row', { name: /^Family/ }).innerText()).split('\t').map((c) => c.trim())).toEqual(['Family', '$392.31', '$10,200.06', '$392.31', '$10,200.06']);
      expect(await seriousViolations(page, 'preview')).toEqual({ step: 'preview', violations: [] });
      await holdsAt(page, width);
      await page.getByRole('button', { name: 'Import these plans' }).click();
      await page.waitForURL(`${SITE}/mbl/plans-setup`);
      await page.getByText('10 plans imported into Open Enrollment 2027.').waitFor();
      const plans = page.getByRole('region', { name: 'Plans' });
      await plans.getByRole('row', { name: /^PPO 1000/ }).waitFor();
      expect(await plans.locator('tbody tr').count()).toBe(10);
      expect(await seriousViolations(page, 'imported')).toEqual({ step: 'imported', violations: [] });
      await holdsAt(page, width);

      // One plan edited on screen.
      await plans.getByRole('link', { name: 'Edit Dental Basic' }).click();
      await page.getByRole('heading', { name: 'Edit Dental Basic' }).waitFor();
      await page.getByLabel('Waiting period (days)').fill('60');
      await page.getByLabel('Employer share by tier').selectOption('percent');
      await page.getByLabel('Employer share: Single').fill('150');
      await page.getByRole('button', { name: 'Save plan' }).click();
      await page.getByText('Enter a whole percent from 0 to 100').waitFor();
      // The refused field takes focus lower on the page, which puts the shell's sidebar links under its sticky
      // header (axe's target-size counts them as covered): the form is checked as it opens, from the top.
      await page.evaluate('window.scrollTo(0, 0)');
      expect(await seriousViolations(page, 'plan form')).toEqual({ step: 'plan form', violations: [] });
      await holdsAt(page, width);
      await page.getByLabel('Employer share: Single').fill('50');
      await page.getByRole('button', { name: 'Save plan' }).click();
      await page.getByText('Dental Basic saved.').waitFor();
      expect(page.url()).toBe(`${SITE}/mbl/plans-setup`);
      const [dental] = await sql<{ waiting_period_days: number; employer_contribution: { kind: string; perTier: Record<string, number> } }>(
        `SELECT waiting_period_days, employer_contribution FROM plan WHERE client_id = $1 AND name = 'Dental Basic'`,
        [clientId],
      );
      expect(dental).toEqual({ waiting_period_days: 60, employer_contribution: { kind: 'percent', perTier: { '1': 50 } } });

      // One rate changed on screen: the table of the plan's rates, one money input per tier.
      await plans.getByRole('link', { name: 'Edit Dental Basic' }).click();
      await page.getByRole('heading', { name: 'Edit Dental Basic' }).waitFor();
      const rates = page.getByRole('region', { name: 'Rates' });
      expect(await rates.getByRole('textbox').count()).toBe(4);
      expect(await rates.getByLabel('Rate: Single').inputValue()).toBe('30.00');
      await rates.getByLabel('Rate: Single').fill('-1');
      await page.getByRole('button', { name: 'Save plan' }).click();
      await rates.getByText(ImportMessages.notAmount).waitFor();
      await page.evaluate('window.scrollTo(0, 0)');
      expect(await seriousViolations(page, 'rates')).toEqual({ step: 'rates', violations: [] });
      await holdsAt(page, width);
      await rates.getByLabel('Rate: Single').fill('32.50');
      await page.getByRole('button', { name: 'Save plan' }).click();
      await page.getByText('Dental Basic saved.').waitFor();
      await plans.getByRole('link', { name: 'Edit Dental Basic' }).click();
      expect(await page.getByRole('region', { name: 'Rates' }).getByLabel('Rate: Single').inputValue()).toBe('32.50');
      const stored = await sql<{ tier: number; cost_cents: number }>(
        `SELECT r.tier, r.cost_cents FROM plan_rate r JOIN plan p ON p.id = r.plan_id WHERE p.client_id = $1 AND p.name = 'Dental Basic' ORDER BY r.tier`,
        [clientId],
      );
      expect(stored).toEqual([{ tier: 1, cost_cents: 3250 }, { tier: 2, cost_cents: 6000 }, { tier: 3, cost_cents: 6500 }, { tier: 4, cost_cents: 9500 }]);
      expect(scriptErrors(errors)).toEqual([]);
    });
  }
});
