import type { Browser } from 'playwright-core';
import { formatUsd, parseMoney } from '../../api/src/contracts/engine';
import { apiJson, completeAccountSetup, focusedLabel, inviteNewEmployee, launchBrowser, newPage, scriptErrors, SITE, sql } from '../support/browser';

interface EnrollmentRow {
  id: number;
  planTypeId: number;
  planType: string;
  selectable: boolean;
  restricted: number;
  status: string;
  contributionAmount: string;
  dependents: number[];
  tier: number | null;
  fsaContributionAmounts: Record<string, string | null>;
  waiver: { reasonId: number | null; carrierName: string | null } | null;
}
interface PlanRow {
  id: number;
  title: string;
  contributionAmount: string;
  employerHsaAmount: string | null;
  planTypeId: number;
  tiers: { tier: number; label: string; contributionAmount: string; employerAmount: string }[];
}

describe('benefits enrollment journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a new registrant with a spouse and a child completes step 4 with the expected total per paycheck', async () => {
    // A fresh employee like nora, HR's welcome email, and the account set up in the browser.
    const { email, link, accountId } = await inviteNewEmployee('Ruth', 'Reed');

    const { page, errors } = await newPage(browser);
    await completeAccountSetup(page, link, 'Ruth-2027-Pass');
    await page.getByRole('heading', { name: 'Benefit Enrollment' }).waitFor();

    // The profile and dependents steps have their own journey: a spouse and a child through the API, then
    // the progress of someone who finished the Dependents step.
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: email, password: 'Ruth-2027-Pass' } });
    const spouse = await apiJson<{ id: number }>('/dependents', {
      method: 'POST',
      token: jwt,
      body: { relationshipTypeId: 1, firstName: 'Sam', lastName: 'Reed', birthDate: '03/09/1988', gender: 1, smoker: 0, ssn: '123-45-6788' },
    });
    const child = await apiJson<{ id: number }>('/dependents', {
      method: 'POST',
      token: jwt,
      body: { relationshipTypeId: 2, firstName: 'Ivy', lastName: 'Reed', birthDate: '07/21/2016', gender: 2, smoker: 0, ssn: '123-45-6787' },
    });
    await sql('UPDATE account SET registration_step = 6 WHERE id = $1', [accountId]);
    const medicalPlans = await apiJson<PlanRow[]>('/plans?type=1', { token: jwt });
    const hdhp = medicalPlans.find((p) => p.title.includes('HDHP'))!;
    const familyPrice = hdhp.tiers.find((t) => t.tier === 4)!.contributionAmount;

    await page.goto(`${SITE}/mbl/registration`);
    await page.waitForURL(`${SITE}/mbl/registration`);
    expect(await page.locator('[aria-current="step"]').innerText()).toContain('Benefits Enrollment');
    for (const header of ['Plan Name', 'Enrollment', 'Contribution']) await page.getByRole('columnheader', { name: header }).waitFor();
    await page.getByRole('rowheader', { name: 'Group Medical' }).waitFor();
    await page.getByText('Compare plans').first().waitFor();
    // Before a choice a row shows what its cheapest option costs, not $0.00 (decisions section 5).
    const dentalPlans = await apiJson<PlanRow[]>('/plans?type=2', { token: jwt });
    const cheapestDental = Math.min(...dentalPlans.map((p) => parseMoney(p.contributionAmount)!));
    expect((await page.getByTestId('contribution-2').innerText()).replace(/\s+/g, ' ')).toContain(`from ${formatUsd(cheapestDental)} per paycheck`);

    // Compare Plans on a phone: every plan, the benefit names pinned while the plans scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [type, planType] of [[1, 'Group Medical'], [2, 'Group Dental']] as const) {
      const offered = await apiJson<PlanRow[]>(`/plans?type=${type}`, { token: jwt });
      await page.locator('tbody', { has: page.getByRole('rowheader', { name: planType, exact: true }) }).getByRole('link', { name: 'Compare plans' }).click();
      const compare = page.getByRole('dialog', { name: 'Compare Plans' });
      const region = compare.getByRole('region', { name: new RegExp(`plans side by side, ${offered.length} plans`) });
      await region.waitFor();
      for (const p of offered) await compare.getByRole('columnheader', { name: p.title }).waitFor();
      // Medical plans are compared with the employer's HSA money beside them (none for a plan without an HSA).
      const hsaRow = compare.getByRole('row', { name: /^Employer HSA money per year/ });
      if (type === 1) {
        const cells = (await hsaRow.locator('td').allInnerTexts()).map((c) => c.trim());
        expect(cells).toEqual(offered.map((p) => (p.employerHsaAmount === null ? 'None' : formatUsd(parseMoney(p.employerHsaAmount)!))));
        expect(cells.some((c) => c.startsWith('$'))).toBe(true);
      } else {
        expect(await hsaRow.count()).toBe(0);
      }
      await compare.getByText(`Scroll sideways to see all ${offered.length} plans`).waitFor();
      const label = compare.getByRole('rowheader', { name: 'Contribution per year' });
      const before = (await label.boundingBox())!.x;
      // Scroll to the end (keyboard on the focusable region): the last plan's Select comes into view, the label stays.
      await region.focus();
      await page.keyboard.press('End');
      await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const last = offered[offered.length - 1]!;
      await compare.getByRole('link', { name: `Select ${last.title}` }).waitFor();
      const box = (await compare.getByRole('link', { name: `Select ${last.title}` }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(Math.abs((await label.boundingBox())!.x - before)).toBeLessThan(1);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      await compare.getByRole('link', { name: 'Close' }).click();
      await compare.waitFor({ state: 'hidden' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // A plan summary from the Info button: the tables, the SBC link and the disclaimer.
    await page.getByRole('link', { name: `Info: ${hdhp.title}` }).click();
    const summary = page.getByRole('dialog', { name: 'Plan Summary' });
    await summary.getByText('In-network', { exact: true }).first().waitFor();
    // Its cost per paycheck and per year, the employer's share and its HSA money, with the pay frequency named.
    const ownTier = hdhp.tiers.find((x) => x.tier === 1)!.label;
    const cost = summary.getByRole('table', { name: `Cost (${ownTier}): 26 paychecks a year (every two weeks)` });
    await cost.waitFor();
    const yourCost = (await cost.getByRole('row', { name: /^Your cost/ }).locator('td').allInnerTexts()).map((c) => c.trim());
    expect(yourCost).toEqual([formatUsd(parseMoney(hdhp.contributionAmount)!), formatUsd(parseMoney(hdhp.contributionAmount)! * 26)]);
    expect((await cost.getByRole('row', { name: /^Employer HSA money/ }).locator('td').allInnerTexts()).map((c) => c.trim())).toEqual(['—', '$500.00']);
    const sbc = summary.getByRole('link', { name: /View Summary of Benefits and Coverage \(SBC\)/ });
    const href = await sbc.getAttribute('href');
    expect(href).toMatch(/^\/mbl\/files\/\d+$/);
    const pdf = await page.request.get(`${SITE}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await summary.getByText(/not a legal document/).waitFor();
    await summary.getByRole('link', { name: 'Close' }).click();
    await summary.waitFor({ state: 'hidden' });
    // Focus goes back to the control that opened the dialog (WCAG 2.4.3).
    await focusedLabel(page, `Info: ${hdhp.title}`);

    // Medical, for the family: the prediction follows the chosen dependents.
    await page.getByRole('link', { name: 'Select Group Medical' }).click();
    let dialog = page.getByRole('dialog', { name: 'Benefits Enrollment' });
    await dialog.getByText('Choose one of the plans').waitFor();
    // Employer money in medical: the Decline tab is disabled, looks it, and says why where anyone can read it.
    const declineTab = dialog.getByRole('tab', { name: 'Decline' });
    expect(await declineTab.getAttribute('aria-disabled')).toBe('true');
    const style = (el: unknown) => (globalThis as unknown as { getComputedStyle(e: unknown): { textDecorationLine: string } }).getComputedStyle(el).textDecorationLine;
    expect(await declineTab.evaluate(style)).toContain('line-through');
    const reason = dialog.getByText('Your employer is making a contribution to this plan so you cannot decline it.', { exact: false });
    expect(await reason.isVisible()).toBe(true);
    expect(await declineTab.getAttribute('aria-describedby')).toBe(await reason.locator('xpath=..').getAttribute('id'));
    // It still takes focus so the reason can be read, but choosing it changes nothing.
    await declineTab.click({ force: true });
    expect(await dialog.getByRole('tab', { name: 'Enroll' }).getAttribute('aria-selected')).toBe('true');
    // The plan's Details open on the first click (hover and focus open them too).
    await dialog.getByRole('button', { name: `Details of ${hdhp.title}` }).click();
    const details = page.getByRole('dialog').filter({ hasText: 'Max out of pocket' });
    await details.waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await dialog.getByRole('radio', { name: new RegExp(hdhp.title) }).check();
    await dialog.getByRole('checkbox', { name: /Sam Reed/ }).check();
    await dialog.getByRole('checkbox', { name: /Ivy Reed/ }).check();
    await dialog.getByText('Coverage level: Family').waitFor();
    await dialog.getByText(`Contribution: ${formatUsd(parseMoney(familyPrice)!)} per pay period`).waitFor();
    // The same per year, and the employer's share of the family coverage, each per paycheck and per year.
    const familyEmployer = hdhp.tiers.find((x) => x.tier === 4)!.employerAmount;
    await dialog
      .getByText(
        `${formatUsd(parseMoney(familyPrice)! * 26)} per year, 26 paychecks a year (every two weeks). Your employer adds ${formatUsd(parseMoney(familyEmployer)!)} per paycheck (${formatUsd(parseMoney(familyEmployer)! * 26)} per year).`,
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Enroll' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const medicalBlock = page.locator('tbody', { has: page.getByRole('rowheader', { name: 'Group Medical' }) });
    await medicalBlock.getByText('Enrolled').waitFor();
    await medicalBlock.getByRole('list', { name: /Dependents covered/ }).getByText('Sam').waitFor();
    // Once chosen: per paycheck, per year, and the employer's share.
    const medicalCost = (await page.getByTestId('contribution-1').innerText()).replace(/\s+/g, ' ');
    expect(medicalCost).toContain(`${formatUsd(parseMoney(familyPrice)!)} per paycheck`);
    expect(medicalCost).toContain(`${formatUsd(parseMoney(familyPrice)! * 26)} per year`);
    expect(medicalCost).toMatch(/Employer pays \$[\d,]+\.\d{2} per paycheck/);

    // Dental for the employee only.
    await page.getByRole('link', { name: 'Select Group Dental' }).click();
    dialog = page.getByRole('dialog', { name: 'Benefits Enrollment' });
    await dialog.getByRole('radio', { name: /SmileWell Dental Basic/ }).check();
    await dialog.getByText('Coverage level: Employee only').waitFor();
    await dialog.getByText(EnrollmentWarning).waitFor();
    await dialog.getByRole('button', { name: 'Enroll' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Back on the row's control, now 'Modify' (drawn again with the new status).
    await focusedLabel(page, 'Modify Group Dental');
    // Escape closes without a change, and focus returns the same way.
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Benefits Enrollment' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await focusedLabel(page, 'Modify Group Dental');

    // Vision declined for other coverage: the reason first, then the waiver details.
    await page.getByRole('link', { name: 'Select Group Vision' }).click();
    dialog = page.getByRole('dialog', { name: 'Benefits Enrollment' });
    await dialog.getByRole('tab', { name: 'Decline' }).click();
    const declineButton = dialog.getByRole('button', { name: 'Please choose reason' });
    expect(await declineButton.isDisabled()).toBe(true);
    // Beside the disabled button, what turns it on.
    const hint = dialog.getByText('Choose why you are declining above; the Decline button then turns on.');
    expect(await hint.isVisible()).toBe(true);
    expect(await declineButton.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
    await dialog.getByLabel('I have other coverage').check();
    expect(await hint.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByText('Field is required!').first().waitFor();
    await dialog.getByLabel('Reason for waiving').selectOption({ label: "Covered under my spouse's or domestic partner's plan" });
    await dialog.getByLabel('Insurance company').fill('Northwind Health');
    await dialog.getByLabel('Policy number').fill('NW-4411');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('tbody', { has: page.getByRole('rowheader', { name: 'Group Vision' }) }).getByText('Waived').waitFor();

    // Other types still open: Next is held with the spec's message.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please make a selection for all plans').waitFor();
    expect(page.url()).not.toContain('step=5');
    // The message names what is left, and each of those rows says so; a chosen row does not.
    const open = (await apiJson<EnrollmentRow[]>('/enrollments', { token: jwt })).filter((r) => r.status === '0' && r.selectable && r.restricted === 0);
    expect(open.length).toBeGreaterThan(1);
    await page.getByText(`Still to choose: ${open.map((r) => r.planType).join(', ')}.`).waitFor();
    for (const r of open) await page.locator('tbody', { has: page.getByRole('rowheader', { name: r.planType, exact: true }) }).getByText('Not chosen yet').waitFor();
    expect(await medicalBlock.getByText('Not chosen yet').count()).toBe(0);

    // The HSA in the browser (paired with the HDHP), the remaining types through the API as the same person.
    await page.getByRole('link', { name: 'Select HSA' }).click();
    dialog = page.getByRole('dialog', { name: 'Benefits Enrollment' });
    await dialog.getByLabel('Annual contribution').fill('99999');
    await dialog.getByText(/Your contribution amount exceeds annual limit because your employer is contributing \$1,000\.00 toward your HSA/).waitFor();
    expect(await dialog.getByRole('button', { name: 'Enroll' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Annual contribution').fill('1300');
    await dialog.getByText('Contribution: $50.00 per pay period').waitFor();
    await dialog.getByRole('button', { name: 'Enroll' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The FSA: a per-paycheck amount with more than two decimals makes the annual amount by the rule
    // (per period x pay periods, to the cent), a negative one gets the limit message and never a negative
    // contribution, and what is saved is what the annual field shows.
    const [{ pay_periods: payPeriods }] = await sql<{ pay_periods: number }>('SELECT c.pay_periods FROM account a JOIN client c ON c.id = a.client_id WHERE a.id = $1', [accountId]);
    expect(payPeriods).toBe(26);
    await page.getByRole('link', { name: 'Select FSA' }).click();
    dialog = page.getByRole('dialog', { name: 'Benefits Enrollment' });
    const perPeriod = dialog.getByLabel(/per pay period$/).first();
    const annual = dialog.getByLabel(/ annual$/).first();
    await perPeriod.fill('12.345');
    expect(await annual.inputValue()).toBe('320.97');
    await dialog.getByText('Contribution: $12.35 per pay period').waitFor();
    await perPeriod.fill('-5');
    await dialog.getByText('Your Annual Contribution should be less than the Annual Limit').waitFor();
    await dialog.getByText('Contribution: $0.00 per pay period').waitFor();
    expect(await dialog.getByRole('button', { name: 'Enroll' }).isDisabled()).toBe(true);
    await perPeriod.fill('12.345');
    await dialog.getByText('Contribution: $12.35 per pay period').waitFor();
    await dialog.getByRole('button', { name: 'Enroll' }).click();
    await dialog.waitFor({ state: 'hidden' });

    let rows = await apiJson<EnrollmentRow[]>('/enrollments', { token: jwt });
    expect(rows.find((r) => r.planTypeId === 12)).toMatchObject({ status: '1', fsaContributionAmounts: { med: '320.97' }, contributionAmount: '12.35' });
    for (const row of rows.filter((r) => r.status === '0')) await apiJson(`/enrollments/${row.id}`, { method: 'PUT', token: jwt, body: { status: '-2' } });
    rows = await apiJson<EnrollmentRow[]>('/enrollments', { token: jwt });
    const medical = rows.find((r) => r.planTypeId === 1)!;
    expect(medical.dependents.sort()).toEqual([spouse.id, child.id].sort());
    expect(medical.tier).toBe(4);
    expect(rows.find((r) => r.planTypeId === 2)!.dependents).toEqual([]);
    const vision = rows.find((r) => r.planTypeId === 8)!;
    expect(vision.status).toBe('-1');
    expect(vision.waiver).toMatchObject({ reasonId: 1, carrierName: 'Northwind Health' });

    // The page's total is the sum of what the API priced.
    const expected = rows.filter((r) => r.status === '1').reduce((sum, r) => sum + parseMoney(r.contributionAmount)!, 0);
    await page.reload();
    const total = page.getByTestId('total-contribution');
    await total.waitFor();
    expect((await total.innerText()).split('\n')[0]).toBe(formatUsd(expected));
    expect(expected).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${SITE}/mbl/registration?step=5`);
    const [saved] = await sql<{ registration_step: number }>('SELECT registration_step FROM account WHERE id = $1', [accountId]);
    expect(saved.registration_step).toBe(7);
    expect(scriptErrors(errors)).toEqual([]);
  });

  it('an employee eligible only after the plans renew sees every row Not Available with the reason, and goes on', async () => {
    const { link, accountId, employeeId } = await inviteNewEmployee('Lena', 'Late');
    const { page, errors } = await newPage(browser);
    await completeAccountSetup(page, link, 'Lena-2027-Pass');
    await page.getByRole('heading', { name: 'Benefit Enrollment' }).waitFor();
    // Eligible long after the current plan year ends: every plan renews first (restriction 2).
    await sql('UPDATE employee SET eligibility_date = $2 WHERE id = $1', [employeeId, '2099-01-01']);
    await sql('UPDATE account SET registration_step = 6 WHERE id = $1', [accountId]);
    await page.goto(`${SITE}/mbl/registration`);
    await page.getByRole('rowheader', { name: 'Group Medical' }).waitFor();
    // The rows stay, each Not Available with the spec's restriction-2 subtitle; the 'no benefits' text is
    // only for a client with no plans or with enrollments turned off.
    expect(await page.getByText('You are not eligible for any benefits').count()).toBe(0);
    const medical = page.locator('tbody', { has: page.getByRole('rowheader', { name: 'Group Medical' }) });
    await medical.getByText('Not Available').first().waitFor();
    await medical.getByText('At this time you cannot enroll in this plan, because it will renew prior to your eligibility date. Please come back during open enrollment period.').waitFor();
    expect(await page.getByRole('link', { name: /^Select / }).count()).toBe(0);
    // Nothing to decide: Next goes on.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${SITE}/mbl/registration?step=5`);
    expect(scriptErrors(errors)).toEqual([]);
  });
});

const EnrollmentWarning = 'Dependents you do not enroll now cannot be enrolled until a qualifying life event or the next open enrollment.';
