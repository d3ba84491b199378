import type { Browser, Page } from 'playwright-core';
import { addCheckingDeposit, completeAccountSetup, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, waitForLink, waitForValue } from '../support/browser';

const stepper = (page: Page) => page.getByRole('navigation', { name: 'Onboarding steps' });
const stepLabels = async (page: Page) => (await stepper(page).getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

/** Today as the census form takes a hire date: a new hire is hired within the last 30 days. */
function todayUs(): string {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}

/**
 * Issue 26 item 1 in the browser: a hire HR adds with onboarding on registers from the welcome email and is
 * taken through onboarding (not into benefit enrollment) on a 390 px phone, then on to benefit enrollment.
 */
describe('a new hire added by HR goes through onboarding', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('HR adds the hire with onboarding on; from the emailed link they register, complete every onboarding step on a phone, and arrive at benefit enrollment', async () => {
    const hr = await newPage(browser);
    await logIn(hr.page, 'hr@acme.test');
    await hr.page.waitForURL(`${SITE}/mbl`);
    await hr.page.goto(`${SITE}/mbl/employees-census`);
    await hr.page.getByRole('link', { name: 'Add New Employee' }).click();
    const add = hr.page.getByRole('dialog', { name: 'Add New Employee' });
    const last = `Onbo${Date.now() % 100000}`;
    const email = `${last.toLowerCase()}@acme.test`;
    await add.getByLabel('First name').fill('Ivy');
    await add.getByLabel('Last name').fill(last);
    await add.getByRole('textbox', { name: /^Email/ }).fill(email);
    await add.getByLabel('Access group').selectOption({ label: 'Full-Time Employees' });
    await add.getByLabel('Employment status').selectOption({ label: 'Full-Time' });
    await add.getByLabel('Hire date').fill(todayUs());
    expect(await add.getByLabel('Send the welcome email with the registration link').isChecked()).toBe(true);
    await add.getByLabel('Enable onboarding').check();
    await add.getByRole('button', { name: 'Add employee' }).click();
    await hr.page.getByText('Employee created successfully!').waitFor();
    const link = await waitForLink(email, /https?:\/\/[^\s"'<>]+\/mbl\/registration\?token=[\w-]+/);

    // The hire, on a phone: Account Setup from the link, then onboarding, not Benefit Enrollment.
    const { page, errors } = await newPage(browser, 390);
    await completeAccountSetup(page, link.replace(/^https?:\/\/[^/]+/, SITE), 'Ivy-2027-Pass');
    await page.waitForURL(/\/mbl\/onboarding/);
    await page.getByRole('heading', { name: 'Onboarding', level: 1 }).waitFor();
    expect(await page.title()).toContain('Onboarding');
    expect(await page.getByRole('heading', { name: 'Benefit Enrollment' }).count()).toBe(0);
    // Acme offers every optional step and HR left them on: I-9, W-4, payroll and EEO are asked for.
    expect(await stepLabels(page)).toEqual(['1 Employee Profile', '2 Documents', '3 Employment Eligibility Verification', '4 Tax Withholding', '5 Payroll', '6 EEO', '7 Signature', '8 Finish']);
    // Stacked below 1200 px, and nothing wider than the phone.
    const items = stepper(page).getByRole('listitem');
    expect((await items.nth(1).boundingBox())!.y).toBeGreaterThan((await items.first().boundingBox())!.y + 10);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // Other pages lead back here while it runs.
    await page.goto(`${SITE}/mbl/dependents`);
    await page.waitForURL(/\/mbl\/onboarding/);

    // Employee Profile: HR gave only names and employment; the hire completes the rest.
    await page.getByRole('heading', { name: 'Employee Profile' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Ivy');
    await page.getByLabel('Date of birth').pressSequentially('04051990');
    await page.getByLabel('Gender').selectOption({ label: 'Female' });
    await page.getByLabel('Smoker').selectOption({ label: 'No' });
    await page.getByLabel('Social Security Number').pressSequentially('123456792');
    await page.getByLabel('Home address').fill('350 Fifth Avenue');
    await page.getByLabel('Zip code').pressSequentially('10001');
    await waitForValue(page, 'input[name="city"]', 'New York');
    await page.getByRole('button', { name: 'Next' }).click();

    // Documents: the handbook opened, acknowledged and signed with a typed name; the emergency contact form with its upload.
    await page.getByRole('heading', { name: 'Employee Handbook', level: 3 }).waitFor();
    const opened = page.context().waitForEvent('page');
    await page.getByRole('link', { name: /Open Employee Handbook/ }).click();
    const handbook = await opened;
    await handbook.waitForLoadState();
    await handbook.close();
    await page.getByText('Opened', { exact: true }).waitFor();
    await page.getByLabel('I have read this document and agree to it.').check();
    await page.getByLabel('Type your full name').fill(`Ivy ${last}`);
    await page.getByRole('button', { name: 'Submit document' }).click();
    await page.getByRole('heading', { name: 'Emergency Contact and Identification', level: 3 }).waitFor();
    await page.getByLabel(/Choose a file/).setInputFiles({ name: 'id-card.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 scan') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Uploaded: id-card.pdf').waitFor();
    await page.getByLabel('Emergency contact name').fill('Sam Onbo');
    await page.getByLabel('Emergency contact phone').fill('555-123-4567');
    await page.getByLabel('Emergency contact email').fill('sam@example.com');
    await page.getByLabel('Emergency contact state').selectOption('NY');
    await page.getByLabel('Emergency contact ZIP code').fill('10001');
    await page.getByLabel('Start date you agreed with your manager').fill('12/01/2026');
    await page.getByLabel('T-shirt size').selectOption('S');
    await page.getByLabel('Monthly commuter benefit you plan to use').fill('100');
    await page.getByLabel('SSN of your emergency contact (for our insurer)').fill('123-45-6781');
    await page.getByLabel('Anything we should know (allergies, accessibility needs)').fill('None');
    await page.getByLabel('I have read this document and agree to it.').check();
    await page.getByLabel('Type your full name').fill(`Ivy ${last}`);
    await page.getByRole('button', { name: 'Submit document' }).click();
    await page.getByText('Submitted: waiting for HR approval.').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Employment eligibility (I-9): a citizen, then the list of documents to bring.
    await page.getByRole('heading', { name: 'Employment Eligibility Verification' }).waitFor();
    await page.getByLabel('A citizen of the United States').check();
    await page.getByRole('button', { name: 'Save' }).click();
    const documents = page.getByRole('dialog', { name: 'Acceptable documents' });
    await documents.getByText('You may present these documents within 3 days of your first day of work.').waitFor();
    await documents.getByRole('button', { name: 'I will bring these documents' }).click();

    // Tax withholding (W-4).
    await page.getByRole('heading', { name: 'Tax Withholding' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Filing Status Is Required').waitFor();
    await page.getByLabel('Filing status').selectOption({ label: 'Single or Married filing separately' });
    await page.getByLabel('Allowances').fill('1');
    await page.getByRole('button', { name: 'Next' }).click();

    // Payroll: all of it to a checking account.
    await page.getByRole('heading', { name: 'Payroll' }).waitFor();
    await addCheckingDeposit(page, '100');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Next' }).click();

    // EEO (all optional), then the signature, typed.
    await page.getByRole('heading', { name: 'EEO' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Signature' }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByLabel('Or type your full name').fill(`Ivy ${last}`);
    await page.getByRole('button', { name: 'Next' }).click();

    // Finish: a new hire goes on to benefit enrollment, after the profile done here.
    await page.getByRole('heading', { name: 'You have finished onboarding' }).waitFor();
    await page.getByRole('button', { name: 'Continue to Benefit Enrollment' }).click();
    await page.waitForURL(/\/mbl\/registration/);
    await page.getByRole('heading', { name: 'Benefit Enrollment' }).waitFor();
    expect(await page.locator('[aria-current="step"]').innerText()).toContain('Dependents');
    // Onboarding is over: its address leads home (the wizard), no longer to the steps.
    await page.goto(`${SITE}/mbl/onboarding`);
    await page.waitForURL(/\/mbl\/registration/);

    const [stored] = await sql<{ onboarding_step: number; registration_step: number; i9: number }>(
      `SELECT a.onboarding_step, a.registration_step, (SELECT count(*)::int FROM employee_eligibility x WHERE x.employee_id = e.id) AS i9
         FROM employee e JOIN account a ON a.id = e.account_id WHERE e.email = $1`,
      [email],
    );
    expect(stored).toEqual({ onboarding_step: 0, registration_step: 5, i9: 1 });
    expect(scriptErrors(errors)).toEqual([]);
    expect(scriptErrors(hr.errors)).toEqual([]);
  });
});
