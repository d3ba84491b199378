import type { Browser, Page } from 'playwright-core';
import { formatUsd, parseMoney, type Plan } from '../../api/src/contracts';
import { apiJson, browserDb, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { copyOfJane } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/test-env';

async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

const usd = (amount: string) => formatUsd(parseMoney(amount) ?? 0);
const FREQUENCY = '26 paychecks a year (every two weeks)';

/**
 * Issue 28 item 1 (b): with her husband and daughter on Dental Basic, every dental price she is shown is at the tier they make:
 * the Plan Summary of Dental Plus (not at employee only), voluntary life 'from $X' before a choice, and the
 * summary she signs (coverage level, per paycheck and per year), as the API prices them; at 1280 and 390 px.
 */
describe('prices in the review and the summary at the tier the chosen people make', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([1280, 390])('at %s px', async (width) => {
    // A household like jane's: Dental Basic covers her husband and her daughter (Employee +2); back in the wizard.
    const person = await copyOfJane(browserDb, `Rhea${width}`);
    const { page, errors } = await newPage(browser, width);
    await logIn(page, person.email);
    await page.waitForURL(`${SITE}/mbl`);
    await sql('UPDATE account SET registration_step = 6 WHERE id = $1', [person.accountId]);
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: person.email, password: DEMO_PASSWORD } });
    const people = await sql<{ id: number }>('SELECT id FROM dependent WHERE employee_id = $1 AND deleted_at IS NULL ORDER BY id', [person.employeeId]);
    const withPeople = await apiJson<Plan[]>(`/plans?type=2&dependents=${people.map((p) => p.id).join(',')}`, { token: jwt });
    const basic = withPeople.find((p) => p.title === 'SmileWell Dental Basic')!;
    const plus = withPeople.find((p) => p.title === 'SmileWell Dental Plus')!;

    // Dental Plus's summary, beside her choice: at Employee +2 as her people make it, not at employee only.
    expect(plus.price).toMatchObject({ tier: 4, tierLabel: 'Employee +2' });
    await page.goto(`${SITE}/mbl/registration?summary=${plus.id}`);
    const summary = page.getByRole('dialog', { name: 'Plan Summary' });
    const cost = summary.getByRole('table', { name: `Cost (Employee +2): ${FREQUENCY}` });
    await cost.waitFor();
    const cells = async (row: RegExp) => (await cost.getByRole('row', { name: row }).locator('td').allInnerTexts()).map((c) => c.trim());
    expect(await cells(/^Your cost/)).toEqual([usd(plus.price.amount), usd(plus.price.annualAmount)]);
    expect(await cells(/^Employer pays/)).toEqual([usd(plus.price.employerAmount), usd(plus.price.annualEmployerAmount)]);
    expect(await seriousViolations(page, 'plan summary')).toEqual({ step: 'plan summary', violations: [] });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

    // Voluntary life before a choice: 'from $X' per paycheck and per year, not $0.00 (decisions section 5).
    const volLife = (await apiJson<Plan[]>('/plans?type=33', { token: jwt }))[0]!;
    expect(volLife.price.from).toBe(true);
    expect(parseMoney(volLife.price.amount)).toBeGreaterThan(0);
    await page.goto(`${SITE}/mbl/registration?summary=${volLife.id}`);
    const volCost = page.getByRole('dialog', { name: 'Plan Summary' }).getByRole('table', { name: `Cost: ${FREQUENCY}` });
    await volCost.waitFor();
    expect((await volCost.getByRole('row', { name: /^Your cost/ }).locator('td').allInnerTexts()).map((c) => c.trim())).toEqual([
      `from ${usd(volLife.price.amount)}`,
      `from ${usd(volLife.price.annualAmount)}`,
    ]);
    expect(await page.getByTestId('contribution-33').innerText()).toContain(`from ${usd(volLife.price.amount)}`);

    // What she signs: Dental Basic at Employee +2, per paycheck and per year, as GET /plans prices it for the same people.
    await sql('UPDATE account SET registration_step = 9 WHERE id = $1', [person.accountId]);
    await page.goto(`${SITE}/mbl/registration`);
    const elections = page.getByRole('list', { name: 'Your elections' });
    const item = elections.getByRole('listitem').filter({ hasText: 'Group Dental: Enrolled' });
    await item.getByText('Employee +2', { exact: true }).waitFor();
    await item.getByText(`${usd(basic.price.amount)} per paycheck, ${usd(basic.price.annualAmount)} per year`).waitFor();
    await item.getByText('You, John Doe, Lily Doe').waitFor();
    expect(await seriousViolations(page, 'signature summary')).toEqual({ step: 'signature summary', violations: [] });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    expect(scriptErrors(errors)).toEqual([]);
    await page.context().close();
  });
});
