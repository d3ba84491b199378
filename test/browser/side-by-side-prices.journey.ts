import type { Browser, Page } from 'playwright-core';
import { formatUsd, parseMoney } from '../../api/src/contracts/engine';
import type { Plan } from '../../api/src/contracts/plans';
import { apiJson, completeAccountSetup, inviteNewEmployee, launchBrowser, newPage, scriptErrors, SITE, sql } from '../support/browser';

/** axe-core's WCAG A/AA rules on the open dialog: its serious and critical violations (there must be none). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  // A string, so this Node-side file needs no DOM typings; it runs in the page.
  return (await page.evaluate(`(async () => {
    const result = await window.axe.run(document.querySelector('[role="dialog"]'), { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ' ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '));
  })()`)) as string[];
}

/** The words a plan row of the enrollment dialog shows for a price (EnrollForm's PriceLines). */
const priceLine = (p: Plan) => `${p.price.from ? 'from ' : ''}${formatUsd(parseMoney(p.price.amount)!)} per paycheck (${formatUsd(parseMoney(p.price.annualAmount)!)} per year)${p.price.tierLabel ? `, ${p.price.tierLabel}` : ''}`;

/**
 * Issue 28 item 1: every plan shown beside another is priced at the tier the chosen people make (decisions
 * section 6), per paycheck and per year; Compare Plans has a tier switch; voluntary life shows 'from $X'.
 */
describe('prices side by side', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([1280, 390])('at %s px: the enrollment dialog and Compare Plans price every plan for the same people, with axe clean', async (width) => {
    const { email, link, accountId } = await inviteNewEmployee('Pia', `Price${width}`);
    const { page, errors } = await newPage(browser, width);
    await completeAccountSetup(page, link, 'Pia-2027-Pass');
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: email, password: 'Pia-2027-Pass' } });
    const spouse = await apiJson<{ id: number }>('/dependents', {
      method: 'POST',
      token: jwt,
      body: { relationshipTypeId: 1, firstName: 'Max', lastName: 'Price', birthDate: '03/09/1988', gender: 1, smoker: 0, ssn: '123-45-6781' },
    });
    await sql('UPDATE account SET registration_step = 6 WHERE id = $1', [accountId]);
    const enrollments = await apiJson<Array<{ id: number; planTypeId: number }>>('/enrollments', { token: jwt });
    const dental = enrollments.find((e) => e.planTypeId === 2)!;
    const alone = await apiJson<Plan[]>('/plans?type=2&dependents=', { token: jwt });
    const withSpouse = await apiJson<Plan[]>(`/plans?type=2&dependents=${spouse.id}`, { token: jwt });
    // The issue's case: both dental plans at 'Employee +1', not one of them at single.
    expect(new Set(withSpouse.map((p) => p.price.tier))).toEqual(new Set([2]));

    // Voluntary life before a choice: 'from $X', not $0.00 (decisions section 5).
    await page.goto(`${SITE}/mbl/registration`);
    const volLife = (await apiJson<Plan[]>('/plans?type=33', { token: jwt }))[0]!;
    expect(parseMoney(volLife.price.amount)).toBeGreaterThan(0);
    await page.getByTestId('contribution-33').getByText(`from ${formatUsd(parseMoney(volLife.price.amount)!)}`).waitFor();

    // The dental dialog, by its address (as without JavaScript): each plan at employee only.
    await page.goto(`${SITE}/mbl/registration?enroll=${dental.id}`);
    const dialog = page.getByRole('dialog', { name: 'Benefits Enrollment' });
    for (const p of alone) await dialog.getByText(priceLine(p), { exact: true }).waitFor();
    // Choosing a plan, then the spouse, prices every plan again at the tier he makes in it.
    await dialog.getByRole('radio', { name: new RegExp(alone[0]!.title) }).check();
    await dialog.getByRole('checkbox', { name: /Max Price/ }).check();
    for (const p of withSpouse) await dialog.getByText(priceLine(p), { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    // And back: employee only again, for every plan.
    await dialog.getByRole('checkbox', { name: /Max Price/ }).uncheck();
    for (const p of alone) await dialog.getByText(priceLine(p), { exact: true }).waitFor();

    // Compare Plans: the household switch prices every column for the same household.
    await dialog.getByRole('link', { name: 'Compare plans' }).click();
    const compare = page.getByRole('dialog', { name: 'Compare Plans' });
    const switcher = compare.getByRole('navigation', { name: 'Prices for' });
    await switcher.getByRole('link', { name: 'Employee only', exact: true }).and(page.locator('[aria-current="true"]')).waitFor();
    const cells = async () => (await compare.getByRole('row', { name: /^Contribution per paycheck/ }).locator('td').allInnerTexts()).map((c) => c.trim());
    expect(await cells()).toEqual(alone.map((p) => formatUsd(parseMoney(p.price.amount)!)));
    await switcher.getByRole('link', { name: 'Employee + spouse' }).click();
    await switcher.getByRole('link', { name: 'Employee + spouse' }).and(page.locator('[aria-current="true"]')).waitFor();
    const spouseHousehold = await apiJson<Plan[]>('/plans?type=2&tier=2', { token: jwt });
    await compare.getByRole('row', { name: /^Coverage level/ }).getByText('Employee +1').first().waitFor();
    expect(await cells()).toEqual(spouseHousehold.map((p) => formatUsd(parseMoney(p.price.amount)!)));
    expect(await cells()).toEqual(withSpouse.map((p) => formatUsd(parseMoney(p.price.amount)!)));
    const yearly = (await compare.getByRole('row', { name: /^Contribution per year/ }).locator('td').allInnerTexts()).map((c) => c.trim());
    expect(yearly).toEqual(withSpouse.map((p) => formatUsd(parseMoney(p.price.annualAmount)!)));
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `/tmp/side-by-side-compare-${width}.png` });
    expect(scriptErrors(errors)).toEqual([]);
    await page.context().close();
  });
});
