import type { Browser, Page } from 'playwright-core';
import { CENSUS_HEADINGS, CENSUS_SHEET } from '../../api/src/contracts/census-import';
import { ImportMessages, RATE_SHEET_NAMES as S } from '../../api/src/contracts/rate-sheet';
import { apiJson, completeAccountSetup, expectStep, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, waitForLink, wcagViolations } from '../support/browser';
import { uniqueEmail } from '../support/fixtures';
import { cleanRateSheet, toXlsx } from '../support/rate-sheet-fixture';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const REGISTRATION_LINK = /https?:\/\/[^\s"'<>]+\/mbl\/registration\?token=[\w-]+/;

/** '$1,234.50' of an amount the API answers as '1234.50'. */
const usd = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

/** A table's body rows as their cells' texts. */
function cellsOf(rows: string[]): string[][] {
  return rows.map((r) => r.split('\t').map((c) => c.trim()));
}

/**
 * Issue 29 item 5, through the screens at 1280 px: Harbor's agent makes an employer from nothing (Agency → Clients →
 * New client), prepares its first open enrollment, downloads the rate sheet template, uploads a sheet with mistakes
 * (each reported with its sheet, row and column) and then a clean one, previews and imports it; invites the HR
 * administrator, who registers from the email; loads ten employees from a census file with their welcome emails;
 * HR starts open enrollment; one employee registers from her email, enrolls alone in the PPO and signs, and the
 * costs the pages show per paycheck and per year are the ones the API's contribution engine answers for that plan
 * at her tier. No SQL writes: the database is read only for the client's calendar date.
 */
describe('a broker sets up an employer through the screens, and its first open enrollment runs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('client, rate sheet, HR, census, open enrollment, and an employee enrolled at the engine’s price', async () => {
    const stamp = Date.now();
    const name = `Cedar Cycles ${stamp}`;
    const { page, errors } = await newPage(browser, 1280);

    // 1. Agency → Clients → New client.
    await logIn(page, 'agent@harbor.test');
    await page.waitForURL(/\/mbl\/employees-census/);
    await page.getByRole('navigation').getByRole('link', { name: 'Clients', exact: true }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New client' }).click();
    await page.getByRole('heading', { name: 'New client', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Client name').fill(name);
    await page.getByLabel('Website').fill('https://cedar-cycles.example');
    await page.getByLabel('Header colour').fill('#22543D');
    await page.getByLabel('Footer colour').fill('#F0FFF4');
    await page.getByLabel('Time zone').selectOption('America/New_York');
    await page.getByLabel('Pay periods per year').selectOption('26');
    await page.getByLabel('Plan year starts in').selectOption({ label: 'January' });
    const groups = page.getByRole('group', { name: 'Access groups' });
    await groups.getByLabel('Full-Time Employees').check();
    await page.getByRole('group', { name: 'Offices' }).getByLabel('Headquarters').check();
    await page.getByRole('button', { name: 'Create client' }).click();
    await page.getByRole('heading', { name: `${name}: HR administrators`, level: 1 }).waitFor();
    expect(await page.locator('#client-switcher option', { hasText: name }).count()).toBe(1);

    // 2. Its HR administrator is invited (registers later, from the email).
    const hrEmail = uniqueEmail('cedar-hr');
    await page.getByLabel('First name').fill('Iris');
    await page.getByLabel('Last name').fill('Cedar');
    await page.getByLabel('Email').fill(hrEmail);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`An invitation was emailed to ${hrEmail}.`).waitFor();

    // 3. Its first period: open enrollment for the 2027 plan year, Ready to Start.
    await page.getByRole('link', { name: 'First period' }).click();
    await page.getByRole('heading', { name: `${name}: first period`, level: 1 }).waitFor();
    await page.getByLabel(/^Open enrollment, Ready to Start/).check();
    await page.getByLabel("Plan year's first day (MM/DD/YYYY)").fill('01/01/2027');
    await page.getByRole('button', { name: 'Prepare period' }).click();
    await page.getByText('Open Enrollment 2027 was prepared.').waitFor();

    // 4. The agent opens the client (the switcher) and goes to Plans and Rates.
    await page.locator('#client-switcher').selectOption({ label: name });
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    // The header names the client opened (the switcher's option names it too).
    await page.getByRole('banner').locator('span', { hasText: name }).first().waitFor();
    await page.getByRole('link', { name: 'Plans and Rates' }).click();
    await page.getByRole('heading', { name: 'Plans and Rates', level: 1 }).waitFor();
    await page.getByText('No plans yet.').waitFor();

    // The template link answers an xlsx workbook (read with the page's own session).
    const template = page.getByRole('link', { name: 'Download the rate sheet template (xlsx)' });
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const templateAnswer = await fetch(`${SITE}${await template.getAttribute('href')}`, { headers: { cookie } });
    expect(templateAnswer.status).toBe(200);
    expect(templateAnswer.headers.get('content-type')).toContain(XLSX);
    // An xlsx is a zip: it starts with PK.
    expect(Buffer.from(await templateAnswer.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');

    // 5. A sheet with mistakes: each reported with its sheet, row, column and cell; nothing imported.
    const broken = cleanRateSheet();
    broken[S.plans]![0]!['Waiting period (days)'] = 'thirty';
    broken[S.rates]![1]!['Monthly rate'] = '-1200';
    await page.getByLabel('Rate sheet (xlsx)').setInputFiles({ name: 'cedar-rates.xlsx', mimeType: XLSX, buffer: await toXlsx(broken) });
    await page.getByRole('button', { name: 'Upload and check' }).click();
    const problems = page.getByRole('region', { name: 'Problems in the file' });
    await problems.waitFor();
    expect(cellsOf(await problems.locator('tbody tr').allInnerTexts())).toEqual([
      [S.plans, '2', 'Waiting period (days)', 'M2', ImportMessages.notWholeNumber],
      [S.rates, '3', 'Monthly rate', 'E3', ImportMessages.notAmount],
    ]);
    expect(await seriousViolations(page, 'rate sheet problems')).toEqual({ step: 'rate sheet problems', violations: [] });

    // The corrected sheet: its preview (plans, tiers, a sample employee's costs), then the import.
    await page.getByLabel('Rate sheet (xlsx)').setInputFiles({ name: 'cedar-rates.xlsx', mimeType: XLSX, buffer: await toXlsx(cleanRateSheet()) });
    await page.getByRole('button', { name: 'Upload and check' }).click();
    await page.getByRole('heading', { name: 'Rate sheet preview', level: 1 }).waitFor();
    await page.getByText('cedar-rates.xlsx: 10 plans, no problems').waitFor();
    await page.getByRole('region', { name: 'Costs of PPO 1000' }).getByRole('row', { name: /^Single/ }).waitFor();
    await page.getByRole('button', { name: 'Import these plans' }).click();
    await page.waitForURL(`${SITE}/mbl/plans-setup`);
    await page.getByText('10 plans imported into Open Enrollment 2027.').waitFor();

    // 6. The HR administrator registers from the invitation (Account Setup is all of an administrator's wizard).
    const hrLink = await waitForLink(hrEmail, REGISTRATION_LINK);
    const hr = await newPage(browser, 1280);
    await completeAccountSetup(hr.page, hrLink, 'Cedar-HR-2027');
    await hr.page.waitForURL(/\/mbl\/employees-census/);
    await hr.page.getByRole('banner').getByText(name).waitFor();

    // 7. Ten employees from a census file, with their welcome emails (Import Employees, as the agent).
    const people = Array.from({ length: 10 }, (_, i) => ({
      'First name': i === 0 ? 'Nadia' : `Rider${i + 1}`,
      'Last name': `Cedar${stamp}`,
      Email: uniqueEmail(`cedar${i + 1}`),
      'Access group': 'Full-Time Employees',
      'Employment status': 'Full-Time',
      Office: 'Headquarters',
      'Hire date': '06/01/2025',
      'Birth date': '03/15/1985',
      Gender: 'Female',
      'Work hours': '40',
      SSN: `123-45-${String(6700 + i)}`,
      'Address 1': `${i + 1} Lake Road`,
      ZIP: '02110',
      City: 'Boston',
      State: 'MA',
      'Cell phone': `617-555-01${String(10 + i)}`,
    }));
    await page.goto(`${SITE}/mbl/census-import`);
    await page.getByRole('heading', { name: 'Import Employees', level: 1 }).waitFor();
    await page.getByLabel('Census file (xlsx or CSV)').setInputFiles({ name: 'cedar-census.xlsx', mimeType: XLSX, buffer: await toXlsx({ [CENSUS_SHEET]: people }, () => CENSUS_HEADINGS) });
    await page.getByRole('button', { name: 'Upload and check' }).click();
    await page.getByRole('heading', { name: 'Census file preview', level: 1 }).waitFor();
    await page.getByText('cedar-census.xlsx: 10 employees, no problems.').waitFor();
    expect(await seriousViolations(page, 'census preview')).toEqual({ step: 'census preview', violations: [] });
    expect(await page.getByLabel('Send each employee the welcome email with their registration link').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Add 10 employees' }).click();
    await censusAdded(page);
    const nadia = people[0]!.Email;
    const employeeLink = await waitForLink(nadia, REGISTRATION_LINK);
    // Every one of the ten gets a welcome email (the outbox sends them after the commit).
    for (const p of people) await waitForLink(p.Email, REGISTRATION_LINK);

    // 8. HR starts open enrollment from the Status Dashboard.
    await hr.page.goto(`${SITE}/mbl/status-dashboard`);
    // Its only period, chosen as HR does: Open enrollment period → Show.
    await hr.page.getByLabel('Open enrollment period').selectOption({ label: 'Open Enrollment 2027' });
    await hr.page.getByRole('button', { name: 'Show' }).click();
    const card = hr.page.getByRole('region', { name: 'Open Enrollment' });
    await card.getByText('Ready to Start').waitFor();
    await card.getByRole('link', { name: 'Start' }).click();
    const dialog = hr.page.getByRole('dialog', { name: 'Open Enrollment' });
    const [{ last }] = await sql<{ last: string }>(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date + 14, 'MM/DD/YYYY') AS last`);
    await dialog.getByLabel('Last day (MM/DD/YYYY)').fill(last!);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await card.getByText(`Ends on ${last}`).waitFor();
    expect(await seriousViolations(hr.page, 'status dashboard')).toEqual({ step: 'status dashboard', violations: [] });
    expect(scriptErrors(hr.errors)).toEqual([]);
    await hr.page.context().close();

    // 9. Nadia registers from her email, enrolls alone in the PPO and signs.
    const employee = await newPage(browser, 1280);
    const ep = employee.page;
    await completeAccountSetup(ep, employeeLink, 'Cedar-Nadia-2027');
    await expectStep(ep, 'Employee Profile');
    await ep.getByLabel('Smoker').selectOption({ label: 'No' });
    await ep.getByRole('button', { name: 'Next' }).click();
    await ep.waitForURL(`${SITE}/mbl/registration?step=3`);
    await ep.getByRole('button', { name: 'Next' }).click();
    await ep.waitForURL(`${SITE}/mbl/registration?step=4`);
    await ep.getByRole('link', { name: 'Select Group Medical' }).click();
    const enroll = ep.getByRole('dialog', { name: 'Benefits Enrollment' });
    await enroll.getByRole('radio', { name: /PPO 1000/ }).check();
    await enroll.getByRole('button', { name: 'Enroll' }).click();
    await enroll.waitFor({ state: 'hidden' });

    // The other plan types (each dialog has its own journey) are decided through the API as the same person:
    // declined where she may, else (employer money in the plan) enrolled as registration-complete does. The
    // engine's price of the PPO at her tier is read there too: GET /plans prices each plan for her.
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: nadia, password: 'Cedar-Nadia-2027' } });
    const medicalPlans = await apiJson<Array<{ id: number; title: string; price: { tierLabel: string | null; amount: string; annualAmount: string } }>>('/plans?type=1', { token: jwt });
    const ppo = medicalPlans.find((p) => p.title === 'PPO 1000')!;
    type Row = { id: number; planTypeId: number; status: string; selectable: boolean; restricted: number; declineAllowed: boolean };
    for (const row of (await apiJson<Row[]>('/enrollments', { token: jwt })).filter((r) => r.status === '0' && r.selectable && r.restricted === 0)) {
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
    await ep.reload();
    await ep.getByRole('button', { name: 'Next' }).click();

    // Beneficiaries (the employer-paid life plan may need a primary), then Additional Information, to Signature.
    await ep.waitForURL(/\/mbl\/registration\?step=[5-7]$/);
    if (ep.url().endsWith('step=5')) {
      if (await ep.getByRole('button', { name: 'Next' }).isDisabled()) {
        await ep.getByRole('link', { name: 'Add Beneficiary' }).click();
        const b = ep.getByRole('dialog', { name: 'Add Beneficiary' });
        await b.getByLabel('First name').fill('Omar');
        await b.getByLabel('Last name').fill('Cedar');
        await b.getByRole('combobox', { name: 'Relationship', exact: true }).selectOption({ label: 'Parent' });
        await b.getByLabel('Date of birth').pressSequentially('05061960');
        await b.getByRole('textbox', { name: 'Social Security Number' }).pressSequentially('123456799');
        await b.getByLabel('Type of share').selectOption({ label: 'Primary' });
        await b.getByLabel('Share (%)').pressSequentially('100');
        await b.getByRole('button', { name: 'Save' }).click();
        await b.waitFor({ state: 'hidden' });
      }
      await ep.getByRole('button', { name: 'Next' }).click();
      await ep.waitForURL(/\/mbl\/registration\?step=[67]$/);
    }
    if (ep.url().endsWith('step=6')) {
      await ep.getByRole('button', { name: 'Next' }).click();
      await ep.waitForURL(`${SITE}/mbl/registration?step=7`);
    }

    // What she signs: the PPO alone, at the engine's price per paycheck and per year.
    const review = ep.getByRole('region', { name: 'What you are signing' });
    const medical = review.getByRole('list', { name: 'Your elections' }).getByRole('listitem').filter({ hasText: 'Group Medical' });
    await medical.getByText('PPO 1000', { exact: true }).waitFor();
    expect(ppo.price.tierLabel).not.toBeNull();
    await medical.getByText(ppo.price.tierLabel!, { exact: true }).waitFor();
    await medical.getByText('You only').waitFor();
    await medical.getByText(`${usd(ppo.price.amount)} per paycheck, ${usd(ppo.price.annualAmount)} per year`).waitFor();
    expect(Number(ppo.price.amount)).toBeGreaterThan(0);
    expect(await seriousViolations(ep, 'review and sign')).toEqual({ step: 'review and sign', violations: [] });
    const pad = ep.getByRole('img', { name: /Signature pad/ });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await ep.mouse.move(box.x + 30, box.y + 120);
    await ep.mouse.down();
    for (const [dx, dy] of [[60, -50], [110, 20], [170, -40], [240, 30]]) await ep.mouse.move(box.x + 30 + dx!, box.y + 120 + dy!, { steps: 5 });
    await ep.mouse.up();
    const next = ep.getByRole('button', { name: 'Next' });
    await waitUntil(() => next.isEnabled());
    await next.click();

    // The summary after signing shows the same price on the PPO's row.
    await ep.waitForURL(`${SITE}/mbl/registration?step=8`);
    const elected = ep.getByRole('table', { name: 'Plans You Elected' });
    const ppoRow = elected.getByRole('row').filter({ has: ep.getByRole('rowheader', { name: /PPO 1000/ }) });
    const ppoText = await ppoRow.innerText();
    expect(ppoText).toContain(usd(ppo.price.amount));
    expect(ppoText).toContain(usd(ppo.price.annualAmount));
    await ep.getByRole('button', { name: 'Continue' }).click();
    await ep.waitForURL(`${SITE}/mbl`);
    await ep.getByRole('heading', { name: 'Benefits Snapshot' }).waitFor();
    // Signed: the API answers her signature and the PPO at the same price.
    expect((await apiJson<{ imageFileId: number }>('/forms/signature', { token: jwt })).imageFileId).toBeGreaterThan(0);
    const summary = await apiJson<Array<{ planName: string | null; contributionAmount: string; annualContributionAmount: string }>>('/summary', { token: jwt });
    expect(summary.find((r) => r.planName === 'PPO 1000')).toMatchObject({ contributionAmount: ppo.price.amount, annualContributionAmount: ppo.price.annualAmount });
    expect(scriptErrors(employee.errors)).toEqual([]);
    await ep.context().close();
    expect(scriptErrors(errors)).toEqual([]);
    await page.context().close();
  }, 600_000);
});

/** Polls a condition a person would wait for on screen. */
async function waitUntil(ok: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the condition never held');
}

/**
 * After Add 10 employees: the census commit may answer at once (a notice '10 employees added; welcome emails sent to
 * 10.') or run as a background job whose page shows its progress ('3 of 10 employees added (30%)', which must not
 * count) and then the same sentence. Either way the visible completion is what a person waits for. The page is
 * reloaded only after a long first wait (reloading while the form's own request is on its way would cancel it); a
 * reload after a commit that answered meanwhile shows the file as imported already, which is complete too.
 */
async function censusAdded(page: Page): Promise<void> {
  const done = page.getByText(/^10 employees added/).or(page.getByText('This file was imported already.'));
  let wait = 90_000;
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    try {
      await done.first().waitFor({ timeout: wait });
      return;
    } catch {
      wait = 15_000;
      await page.reload();
    }
  }
  throw new Error('the census import never said it added the 10 employees');
}
