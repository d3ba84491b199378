import type { Browser, Locator, Page } from 'playwright-core';
import { API, apiJson, browserDb, completeAccountSetup, expectStep, inviteNewEmployee, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, waitForLink, waitForValue } from '../support/browser';
import { DEMO_PASSWORD } from '../support/test-env';
import { copyOfJane } from '../support/fixtures';

/** '$1,234.50' of a sum of cents. */
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const cents = (amount: string) => Math.round(Number(amount) * 100);

interface EnrollmentRow {
  id: number;
  planTypeId: number;
  planName: string | null;
  status: string;
  selectable: boolean;
  restricted: number;
  declineAllowed: boolean;
  contributionAmount: string;
}


const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The elections as the API answers them to the employee (independent of the pages under test). */
async function enrollmentsOf(username: string, password = DEMO_PASSWORD): Promise<Array<{ planName: string | null; planType: string; status: string; contributionAmount: string }>> {
  const login = await fetch(`${API}/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const { jwt } = (await login.json()) as { jwt: string };
  const res = await fetch(`${API}/enrollments`, { headers: { Authorization: `Bearer ${jwt}` } });
  return (await res.json()) as Array<{ planName: string | null; planType: string; status: string; contributionAmount: string }>;
}

/** The snapshot's rows as the page shows them: [plan, status, per paycheck]. */
async function snapshotRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table', { name: /Your benefits/ }).locator('tbody tr:has(td)');
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('th, td').allInnerTexts()).map((t) => t.trim()));
  return out;
}

/** Waits until the button is enabled (or disabled): the pad decides it as the person draws. */
async function waitEnabled(button: Locator, enabled: boolean): Promise<void> {
  const until = Date.now() + 5_000;
  while (Date.now() < until) {
    if ((await button.isEnabled()) === enabled) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the button never became ${enabled ? 'enabled' : 'disabled'}`);
}

describe('finishing registration and the dashboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("jane's dashboard: snapshot with total and plan details, change card, issues, carrier links; My Beneficiaries", async () => {
    // Read first: GET /enrollments also records the employer-paid rows the seed leaves out (LTD, HRA).
    const elected = (await enrollmentsOf('jane@acme.test')).filter((e) => e.status === '1');
    const { page, errors } = await newPage(browser);
    await logIn(page, 'jane@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('heading', { name: 'Benefits Snapshot' }).waitFor();

    // Exactly her enrolled elections, with the sum of their per-paycheck costs.
    const rows = await snapshotRows(page);
    const enrolledRows = rows.filter((r) => r[1] === 'Enrolled');
    expect(enrolledRows.length).toBe(elected.length);
    for (const e of elected) expect(enrolledRows.some((r) => r[0]!.startsWith(e.planName!) && r[2] === usd(cents(e.contributionAmount)))).toBe(true);
    const total = elected.reduce((sum, e) => sum + cents(e.contributionAmount), 0);
    expect(await page.getByTestId('snapshot-total').innerText()).toBe(usd(total));
    // And over a year, with the employer's share and the pay frequency named (Acme pays every two weeks).
    expect(await page.getByTestId('snapshot-annual-total').innerText()).toBe(usd(total * 26));
    expect(await page.getByTestId('snapshot-employer').innerText()).toMatch(
      /^Your employer pays \$[\d,]+\.\d{2} a year toward these plans\. Costs are taken from 26 paychecks a year \(every two weeks\)\.$/,
    );

    // The plan detail dialog opens from the row and closes with Escape.
    await page.getByRole('link', { name: elected[0]!.planName! }).first().click();
    const detail = page.getByRole('dialog', { name: elected[0]!.planName! });
    await detail.getByText('Your cost per paycheck').waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // Open enrollment is open in the demo: the change card with its end date and days left.
    await page.getByRole('heading', { name: 'You can still make changes to your benefits' }).waitFor();
    await page.getByText(/^Open enrollment ends (on \d{2}\/\d{2}\/\d{4} \(\d+ days? left\)|today, \d{2}\/\d{2}\/\d{4}\.)$/).waitFor();
    await page.getByRole('heading', { name: 'Enrollment issues' }).waitFor();
    const carrier = page.getByRole('article', { name: 'Carrier links' });
    await carrier.getByRole('link', { name: /providers\.bluehorizon\.example/ }).first().waitFor();

    // My Beneficiaries: cards, the SSN behind the lock.
    await page.goto(`${SITE}/mbl/beneficiaries`);
    await page.getByRole('heading', { name: 'My Beneficiaries' }).waitFor();
    await page.getByRole('heading', { name: 'John Doe' }).waitFor();
    await page.getByRole('heading', { name: 'Lily Doe' }).waitFor();
    expect(await page.getByText('123-45-6711').count()).toBe(0);
    await page.getByRole('button', { name: 'Show secured data' }).click();
    const prompt = page.getByRole('dialog', { name: 'Enter your password' });
    await prompt.getByLabel('Password').fill('Passw0rd!');
    await prompt.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('123-45-6711').waitFor();
    expect(scriptErrors(errors)).toEqual([]);
  });
  it('a new registrant goes from the welcome email through all 8 steps to a dashboard showing exactly the elections made', async () => {
    // A fresh employee like nora (an administrator would add them to the census), then HR's welcome email.
    const { email, link, accountId } = await inviteNewEmployee('Iris', 'Parker');

    // Step 1, Account Setup.
    const { page, errors } = await newPage(browser);
    await completeAccountSetup(page, link, 'Iris-2027-Pass');

    // Step 2, Employee Profile.
    await page.getByRole('heading', { name: 'Benefit Enrollment' }).waitFor();
    await expectStep(page, 'Employee Profile');
    await page.getByLabel('Home address').fill('350 Fifth Avenue');
    await page.getByLabel('Zip code').fill('');
    await page.getByLabel('Zip code').pressSequentially('10001');
    await waitForValue(page, 'input[name="city"]', 'New York');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3, Dependents: a spouse.
    await page.waitForURL(`${SITE}/mbl/registration?step=3`);
    await page.getByRole('link', { name: 'Add Dependent' }).click();
    const dependent = page.getByRole('dialog', { name: 'Add Dependent' });
    await dependent.getByLabel('Relationship type').selectOption({ label: 'Spouse' });
    await dependent.getByLabel('First name').fill('Mia');
    await dependent.getByLabel('Last name').fill('Parker');
    await dependent.getByLabel('Date of birth').pressSequentially('04021990');
    await dependent.getByLabel('Gender').selectOption({ label: 'Female' });
    await dependent.getByLabel('Smoker').selectOption({ label: 'No' });
    await dependent.getByRole('textbox', { name: 'Social Security Number' }).pressSequentially('123456701');
    await dependent.getByRole('button', { name: 'Save' }).click();
    await dependent.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Mia Parker' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4, Benefits Enrollment: medical for the couple in the browser; the other types (their dialogs
    // have their own journey) decided through the API as the same person.
    await page.waitForURL(`${SITE}/mbl/registration?step=4`);
    await page.getByRole('link', { name: 'Select Group Medical' }).click();
    const enroll = page.getByRole('dialog', { name: 'Benefits Enrollment' });
    await enroll.getByRole('radio', { name: /HDHP/ }).check();
    await enroll.getByRole('checkbox', { name: /Mia Parker/ }).check();
    await enroll.getByRole('button', { name: 'Enroll' }).click();
    await enroll.waitFor({ state: 'hidden' });
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: email, password: 'Iris-2027-Pass' } });
    for (const row of (await apiJson<EnrollmentRow[]>('/enrollments', { token: jwt })).filter((r) => r.status === '0' && r.selectable && r.restricted === 0)) {
      const plans = await apiJson<Array<{ id: number }>>(`/plans?type=${row.planTypeId}`, { token: jwt });
      const body = row.declineAllowed
        ? { status: '-2' }
        : row.planTypeId === 20
          ? { status: '1', planId: plans[0]!.id, hsaContributionAmount: '1300.00' }
          : row.planTypeId === 12
            ? { status: '1', planId: plans[0]!.id, fsaContributionAmounts: { med: '520.00' } }
            : { status: '1', planId: plans[0]!.id };
      await apiJson(`/enrollments/${row.id}`, { method: 'PUT', token: jwt, body });
    }
    const elections = await apiJson<EnrollmentRow[]>('/enrollments', { token: jwt });
    const elected = elections.filter((e) => e.status === '1');
    const declined = elections.filter((e) => e.status === '-1' || e.status === '-2');
    expect(elected.some((e) => e.planTypeId === 3)).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 5, Beneficiaries: group life is enrolled, so the primary shares must make 100%.
    await page.waitForURL(`${SITE}/mbl/registration?step=5`);
    await expectStep(page, 'Beneficiaries');
    for (const header of ['Beneficiary', 'Primary', 'Contingent', 'Tertiary', 'Actions']) await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    // Nothing entered yet: what to do, not an error; Next waits.
    await page.getByText('Add your primary beneficiaries to continue: their shares must add up to 100%.').waitFor();
    expect(await page.getByText('Total primary share must equal 100%').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByRole('link', { name: 'Add Beneficiary' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Beneficiary' });
    // Naming a dependent fills what the portal knows; the share is clamped to what is left (100).
    await dialog.getByLabel('One of my dependents (optional)').selectOption({ label: 'Mia Parker' });
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Mia');
    expect(await dialog.getByRole('combobox', { name: 'Relationship', exact: true }).inputValue()).toBe('1');
    await dialog.getByRole('textbox', { name: 'Social Security Number' }).pressSequentially('123456701');
    await dialog.getByLabel('Type of share').selectOption({ label: 'Primary' });
    await dialog.getByLabel('Share (%)').pressSequentially('150');
    expect(await dialog.getByLabel('Share (%)').inputValue()).toBe('100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('rowheader', { name: /Mia Parker/ }).waitFor();
    await page.getByText('Total primary share must equal 100%').waitFor({ state: 'hidden' });

    // A second primary: nothing is left of the primary share.
    await page.getByRole('link', { name: 'Add Beneficiary' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Beneficiary' });
    await dialog.getByLabel('First name').fill('Ann');
    await dialog.getByLabel('Last name').fill('Parker');
    await dialog.getByRole('combobox', { name: 'Relationship', exact: true }).selectOption({ label: 'Parent' });
    await dialog.getByLabel('Date of birth').pressSequentially('05061960');
    await dialog.getByRole('textbox', { name: 'Social Security Number' }).pressSequentially('123456702');
    await dialog.getByLabel('Share (%)').pressSequentially('40');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Choose type of share').waitFor();
    await dialog.getByLabel('Type of share').selectOption({ label: 'Primary' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('You already spent it').waitFor();
    // As contingent, 40% saves, and the contingent total rule holds the step.
    await dialog.getByLabel('Type of share').selectOption({ label: 'Contingent' });
    expect(await dialog.getByLabel('Share (%)').inputValue()).toBe('40');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Total contingent share must equal 100%').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Edit Ann Parker' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Beneficiary' });
    await dialog.getByLabel('Share (%)').fill('');
    await dialog.getByLabel('Share (%)').pressSequentially('100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Total contingent share must equal 100%').waitFor({ state: 'hidden' });
    // A trust as tertiary: named, with a tax id if the employee has it; no last name, birth date or SSN asked.
    await page.getByRole('link', { name: 'Add Beneficiary' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Beneficiary' });
    await dialog.getByRole('combobox', { name: 'Relationship', exact: true }).selectOption({ label: 'Trust' });
    await dialog.getByLabel('Name of the trust, estate or organization').fill('Parker Family Trust');
    for (const personal of ['Last name', 'Date of birth']) expect(await dialog.getByLabel(personal).count()).toBe(0);
    expect(await dialog.getByRole('textbox', { name: 'Social Security Number' }).count()).toBe(0);
    await dialog.getByLabel('Tax id (optional)').fill('1234');
    await dialog.getByLabel('Type of share').selectOption({ label: 'Tertiary' });
    await dialog.getByLabel('Share (%)').pressSequentially('100');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter the tax id as 12-3456789').waitFor();
    await dialog.getByLabel('Tax id (optional)').fill('12-3456789');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('rowheader', { name: /Parker Family Trust/ }).waitFor();
    const footer = page.locator('tfoot tr');
    expect((await footer.innerText()).replace(/\s+/g, ' ')).toContain('Total share 100% 100% 100%');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 6, Additional Information: required answers, and a question shown by a filter.
    await page.waitForURL(`${SITE}/mbl/registration?step=6`);
    const reminders = page.getByRole('radiogroup', { name: /Would you like benefit reminders/ });
    await reminders.waitFor();
    const windowOpens = page.getByRole('radiogroup', { name: /May we also text you/ });
    expect(await windowOpens.count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByText('Field is required').count()).toBeGreaterThanOrEqual(2);
    expect(page.url()).toContain('step=6');
    await reminders.getByLabel('Yes').check();
    await windowOpens.waitFor();
    await windowOpens.getByLabel('No').check();
    // Asked of each dependent.
    const other = page.getByRole('radiogroup', { name: /covered by another group health plan\? \(Mia Parker\)/ });
    await other.getByLabel('Yes').check();
    await page.getByLabel(/Name of the other insurance carrier \(Mia Parker\)/).fill('Northwind Health');
    await page.getByLabel('Preferred language for benefit communications').selectOption({ label: 'Spanish' });
    await page.getByRole('group', { name: /Which programs/ }).getByLabel('Wellness program').check();
    expect(await page.getByText('Field is required').count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 7, Signature: Next waits for a drawing; a resize clears it.
    await page.waitForURL(`${SITE}/mbl/registration?step=7`);
    const next = page.getByRole('button', { name: 'Next' });
    const pad = page.getByRole('img', { name: /Signature pad/ });
    await pad.waitFor();
    expect(await next.isDisabled()).toBe(true);
    // Above the pad, what is being signed: every decided plan type, the costs per paycheck and per year,
    // and the beneficiaries with their shares.
    const review = page.getByRole('region', { name: 'What you are signing' });
    const reviewList = review.getByRole('list', { name: 'Your elections' });
    expect(await reviewList.getByRole('listitem').count()).toBe(elected.length + declined.length);
    for (const e of elected) await reviewList.getByText(e.planName!, { exact: true }).waitFor();
    const [{ pay_periods: payPeriods }] = await sql<{ pay_periods: number }>('SELECT c.pay_periods FROM account a JOIN client c ON c.id = a.client_id WHERE a.id = $1', [accountId]);
    const perPaycheck = elected.reduce((sum, e) => sum + cents(e.contributionAmount), 0);
    const reviewTotal = (await review.getByTestId('review-total').innerText()).replace(/\s+/g, ' ');
    expect(reviewTotal).toContain(`You pay ${usd(perPaycheck)} per paycheck (${usd(perPaycheck * payPeriods)} per year)`);
    expect(reviewTotal).toContain(`${payPeriods} paychecks a year`);
    const reviewedBeneficiaries = review.getByRole('list', { name: 'Your beneficiaries' });
    await reviewedBeneficiaries.getByText(/Mia Parker.*Primary, 100%/).waitFor();
    await reviewedBeneficiaries.getByText(/Ann Parker \(Parent\): Contingent, 100%/).waitFor();
    // It reads on a phone without sideways scrolling.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.setViewportSize(wide);
    await waitEnabled(next, false);
    const sign = async () => {
      // The review above it pushes the pad below the fold: scroll to it as a person would.
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 30, box.y + 120);
      await page.mouse.down();
      for (const [dx, dy] of [[60, -50], [110, 20], [170, -40], [240, 30]]) await page.mouse.move(box.x + 30 + dx!, box.y + 120 + dy!, { steps: 5 });
      await page.mouse.up();
    };
    await sign();
    await waitEnabled(next, true);
    await page.setViewportSize({ width: 900, height: 900 });
    await waitEnabled(next, false);
    await sign();
    await waitEnabled(next, true);
    await next.click();

    // Step 8, Summary: the elections and the declines; Continue finishes registration.
    await page.waitForURL(`${SITE}/mbl/registration?step=8`);
    const electedTable = page.getByRole('table', { name: 'Plans You Elected' });
    for (const e of elected) await electedTable.getByRole('rowheader', { name: new RegExp(escape(e.planName!)) }).waitFor();
    expect(await electedTable.locator('tbody tr').count()).toBe(elected.length);
    const declinedTable = page.getByRole('table', { name: 'Plans You Declined' });
    if (declined.length > 0) expect(await declinedTable.locator('tbody tr').count()).toBe(declined.length);
    else await page.getByText('You have not declined any plans').waitFor();
    const expectedTotal = elected.reduce((sum, e) => sum + cents(e.contributionAmount), 0);
    const totals = (await electedTable.locator('tfoot').innerText()).replace(/\s+/g, ' ');
    expect(totals).toContain(usd(expectedTotal));
    expect(totals).toContain(usd(expectedTotal * payPeriods));
    await page.getByRole('button', { name: 'Continue' }).click();

    // The dashboard: a confirmation once, then exactly the elections made, with their per-paycheck total.
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('status').getByText('Your enrollment is complete. We have emailed you a confirmation with your signed summary.').waitFor();
    await page.getByRole('heading', { name: 'Benefits Snapshot' }).waitFor();
    const rows = await snapshotRows(page);
    const enrolledRows = rows.filter((r) => r[1] === 'Enrolled');
    expect(enrolledRows.length).toBe(elected.length);
    for (const e of elected) expect(enrolledRows.some((r) => r[0]!.startsWith(e.planName!) && r[2] === usd(cents(e.contributionAmount)))).toBe(true);
    expect(await page.getByTestId('snapshot-total').innerText()).toBe(usd(expectedTotal));
    expect(expectedTotal).toBeGreaterThan(0);
    const [saved] = await sql<{ registration_step: number }>('SELECT registration_step FROM account WHERE id = $1', [accountId]);
    expect(saved.registration_step).toBe(0);
    // The signature was stored as a file of the employee.
    const signature = await apiJson<{ imageFileId: number }>('/forms/signature', { token: jwt });
    expect(signature.imageFileId).toBeGreaterThan(0);

    // The confirmation email's link, opened signed out: the login page, then straight to the signed PDF.
    const summaryLink = await waitForLink(email, /https?:\/\/[^\s"'<>]+\/mbl\/signed-summary/);
    expect(new URL(summaryLink).search).toBe('');
    for (let i = 0; i < 100 && !(await apiJson<{ summaryFileId: number | null }>('/forms/signature', { token: jwt })).summaryFileId; i += 1) await new Promise((r) => setTimeout(r, 100));
    const { page: reader } = await newPage(browser);
    await reader.goto(`${SITE}/mbl/signed-summary`);
    await reader.waitForURL(/\/mbl\/?\?next=%2Fsigned-summary$/);
    await reader.getByLabel('Email or Username').fill(email);
    await reader.getByLabel('Password', { exact: true }).fill('Iris-2027-Pass');
    const pdf = reader.waitForResponse((r) => /\/mbl\/files\/\d+$/.test(r.url()));
    await reader.getByRole('button', { name: 'Login' }).click();
    const opened = await pdf;
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toContain('application/pdf');
    expect(scriptErrors(errors)).toEqual([]);
  });
  it('Modify Selections makes a draft: the employee can leave, the dashboard keeps the signed elections and says so, Cancel changes discards it', async () => {
    const person = await copyOfJane(browserDb, 'Dana');
    const signedVision = (await enrollmentsOf(person.email)).find((e) => e.planType === 'Group Vision')!;
    const { page, errors } = await newPage(browser, 390);
    await logIn(page, person.email);
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('link', { name: 'Modify Selections' }).click();
    const confirm = page.getByRole('dialog', { name: 'Modify Selections' });
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/mbl\/registration\?step=4$/);
    await page.getByText('You have unsigned changes to your benefits.', { exact: false }).waitFor();

    // Vision declined in the draft.
    await page.getByRole('link', { name: /^(Select|Modify) Group Vision$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Benefits Enrollment' });
    await dialog.getByRole('tab', { name: 'Decline' }).click();
    await dialog.getByLabel('I do not have other coverage').check();
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('tbody', { has: page.getByRole('rowheader', { name: 'Group Vision' }) }).getByText('Declined').waitFor();

    // Save and exit: the dashboard shows the signed elections (vision as signed) and names the unsigned change.
    await page.getByRole('link', { name: 'Save and exit' }).click();
    await page.waitForURL(`${SITE}/mbl`);
    const draftCard = page.getByRole('complementary', { name: 'Unsigned changes' });
    await draftCard.getByText('Changed, not signed yet: Group Vision.').waitFor();
    expect(await page.getByRole('heading', { name: 'You can still make changes to your benefits' }).count()).toBe(0);
    const visionRow = (await snapshotRows(page)).find((r) => r[0]!.includes(signedVision.status === '1' ? signedVision.planName! : 'Group Vision'))!;
    expect(visionRow[1]).not.toBe('Declined');

    // The rest of the portal is reachable: the menu and another page.
    await page.goto(`${SITE}/mbl/dependents`);
    await page.getByRole('heading', { name: 'My Dependents' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/mbl/dependents');

    // Continue changes returns to the wizard where the employee left it, the decline still there.
    await page.goto(`${SITE}/mbl`);
    await draftCard.getByRole('link', { name: 'Continue changes' }).click();
    await page.waitForURL(/\/mbl\/registration/);
    await page.locator('tbody', { has: page.getByRole('rowheader', { name: 'Group Vision' }) }).getByText('Declined').waitFor();

    // Cancel changes (asked first) discards the draft: the wizard no longer holds anything, the change card is back.
    await page.getByRole('link', { name: 'Cancel changes' }).click();
    const ask = page.getByRole('dialog', { name: 'Cancel changes' });
    await ask.getByText('Discard the changes you have not signed?', { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Cancel changes' }).click();
    await page.getByText('Your unsigned changes were discarded. Your signed elections are unchanged.').waitFor();
    await page.getByRole('heading', { name: 'You can still make changes to your benefits' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Unsigned changes' }).count()).toBe(0);
    expect((await enrollmentsOf(person.email)).find((e) => e.planType === 'Group Vision')!.status).toBe(signedVision.status);
    expect(scriptErrors(errors)).toEqual([]);
  });
});
