import type { Browser, Page } from 'playwright-core';
import { formatUsd, formatUsdChange, parseMoney, type LifeEventReview } from '../../api/src/contracts';
import { apiJson, browserDb, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, wcagViolations } from '../support/browser';
import { DEMO_PASSWORD } from '../support/test-env';
import { copyOfJane } from '../support/fixtures';

async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

const change = (amount: string) => formatUsdChange(parseMoney(amount) ?? 0);

/**
 * Issue 28 item 1: the life-event wizard's review shows each plan the event changes before -> after and the
 * difference per paycheck and per year, as the server priced them, at 1280 and at 390 px.
 */
describe('life-event review journey (issue 28 item 1)', () => {
  let browser: Browser;
  // The wizard is offered only outside open enrollment (decisions section 6): Acme's period starts tomorrow for
  // this journey (journeys run one at a time) and gets its own start back afterwards.
  let periodStart: { id: number; start: string } | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    [periodStart] = await sql<{ id: number; start: string }>(
      `SELECT p.id, p.start_date::text AS start FROM open_enrollment_period p JOIN client c ON c.id = p.client_id WHERE c.name = 'Acme Corp' AND p.is_current`,
    );
    await sql(`UPDATE open_enrollment_period SET start_date = (now() AT TIME ZONE 'America/New_York')::date + 1 WHERE id = $1`, [periodStart!.id]);
  });
  afterAll(async () => {
    if (periodStart) await sql('UPDATE open_enrollment_period SET start_date = $2::date WHERE id = $1', [periodStart.id, periodStart.start]);
    await browser.close();
  });

  it('a divorce: medical, dental and vision before -> after without the spouse, the difference as the API prices it; the same at 390 px', async () => {
    const person = await copyOfJane(browserDb, 'Dora');
    const [{ d: eventDate }] = await sql<{ d: string }>(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date - 4, 'MM/DD/YYYY') AS d`);

    const { page, errors } = await newPage(browser);
    await logIn(page, person.email);
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Change Benefits' }).click();
    await page.getByRole('heading', { name: 'Change My Benefits', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'Divorce or separation' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Event date (MM/DD/YYYY)').fill(eventDate);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Which spouse or domestic partner?' }).waitFor();
    await page.getByLabel('Dependent').selectOption({ label: 'John Doe' });
    await page.getByRole('button', { name: 'Next' }).click();

    // Affected coverage: the decree, and John off each plan (the boxes come checked).
    await page.getByRole('heading', { name: 'Affected coverage' }).waitFor();
    await page.getByLabel(/Divorce decree or legal separation papers/).setInputFiles({ name: 'decree.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% decree\n') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Uploaded. You can replace it with another file.').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Remove John Doe from Group Medical' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Plan enrollment' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Review: each change before -> after and the difference, as GET /midyear-changes/review answers it.
    await page.getByRole('heading', { name: 'Review and sign' }).waitFor();
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: person.email, password: DEMO_PASSWORD } });
    const review = await apiJson<LifeEventReview>('/midyear-changes/review', { token: jwt });
    expect(review.changes.map((c) => c.planType)).toEqual(['Group Medical', 'Group Dental', 'Group Vision']);
    const changes = page.getByRole('list', { name: 'Changes to your plans' });
    const medical = changes.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Group Medical' }) });
    await medical.getByText('Blue Horizon PPO 1500, Family (you, John Doe, Lily Doe)').waitFor();
    await medical.getByText('Blue Horizon PPO 1500, Parent/Child (you, Lily Doe)').waitFor();
    const m = review.changes[0]!;
    // Without the spouse it costs less: a negative difference, per paycheck and per year, and the employer's too.
    expect(parseMoney(m.difference.amount)).toBeLessThan(0);
    expect(await page.getByTestId('difference-1').innerText()).toBe(
      `${change(m.difference.amount)} per paycheck (${change(m.difference.annualAmount)} per year)\nEmployer: ${change(m.difference.employerAmount)} per paycheck (${change(m.difference.annualEmployerAmount)} per year)`,
    );
    await medical.getByText(`${formatUsd(parseMoney(m.before.amount) ?? 0)} per paycheck (${formatUsd(parseMoney(m.before.annualAmount) ?? 0)} per year)`).waitFor();
    await medical.getByText(`${formatUsd(parseMoney(m.after.amount) ?? 0)} per paycheck (${formatUsd(parseMoney(m.after.annualAmount) ?? 0)} per year)`).waitFor();
    // Dental counts heads: Employee +2 -> Employee +1.
    const dental = changes.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Group Dental' }) });
    await dental.getByText('SmileWell Dental Basic, Employee +2 (you, John Doe, Lily Doe)').waitFor();
    await dental.getByText('SmileWell Dental Basic, Employee +1 (you, Lily Doe)').waitFor();
    expect(await page.getByTestId('difference-2').innerText()).toContain(`${change(review.changes[1]!.difference.amount)} per paycheck`);
    expect(await page.getByTestId('life-event-total').innerText()).toContain(`In all, what you pay changes by ${change(review.total.amount)} per paycheck (${change(review.total.annualAmount)} per year)`);
    await page.getByText(`Divorce or separation on ${eventDate}; the changes take effect on ${review.coverageStarts}.`).waitFor();
    expect(await seriousViolations(page, 'review at 1280')).toEqual({ step: 'review at 1280', violations: [] });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);

    // The same review on a phone: the lists wrap, nothing scrolls sideways.
    const { page: phone, errors: phoneErrors } = await newPage(browser, 390);
    await logIn(phone, person.email);
    await phone.waitForURL(`${SITE}/mbl`);
    await phone.goto(`${SITE}/mbl/change-benefits?continue=1`);
    await phone.getByRole('heading', { name: 'Review and sign' }).waitFor();
    await phone.getByRole('list', { name: 'Changes to your plans' }).getByText('Blue Horizon PPO 1500, Parent/Child (you, Lily Doe)').waitFor();
    expect(await phone.getByTestId('difference-1').innerText()).toContain(`${change(m.difference.amount)} per paycheck`);
    expect(await seriousViolations(phone, 'review at 390')).toEqual({ step: 'review at 390', violations: [] });
    expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    // Cancelled: nothing of this journey's event stays.
    await page.getByRole('button', { name: 'Cancel this change' }).click();
    await page.getByRole('radio', { name: 'Divorce or separation' }).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
    expect(scriptErrors(phoneErrors)).toEqual([]);
  });
});
