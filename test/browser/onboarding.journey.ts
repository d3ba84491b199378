import type { Browser, Page } from 'playwright-core';
import { addCheckingDeposit, browserDb, launchBrowser, logIn, newHireLikeSam, newPage, scriptErrors, sql } from '../support/browser';
import { createPerson } from '../support/fixtures';

const stepper = (page: Page) => page.getByRole('navigation', { name: 'Onboarding steps' });

describe('onboarding journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a new hire completes onboarding with every optional step, a 60/40 payroll split, and arrives at benefit enrollment', async () => {
    const hire = await newHireLikeSam('Sami');
    const { page, errors } = await newPage(browser);
    await logIn(page, hire.email);
    // Every page leads to onboarding while it runs.
    await page.waitForURL(/\/mbl\/onboarding/);
    await page.getByRole('heading', { name: 'Onboarding', level: 1 }).waitFor();
    expect(await page.title()).toContain('Onboarding');
    const labels = (await stepper(page).getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(labels).toEqual(['1 Employee Profile', '2 Documents', '3 Employment Eligibility Verification', '4 Tax Withholding', '5 Payroll', '6 EEO', '7 Signature', '8 Finish']);
    // At 1280 px the stepper runs across the page (it stacks below 1200 px).
    const first = (await stepper(page).getByRole('listitem').first().boundingBox())!;
    const second = (await stepper(page).getByRole('listitem').nth(1).boundingBox())!;
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);

    // Employee Profile: filled in already; Next.
    await page.getByRole('heading', { name: 'Employee Profile' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Documents: the handbook must be opened, acknowledged and signed with a typed name.
    await page.getByRole('heading', { name: 'Employee Handbook', level: 3 }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Submit document' }).click();
    await page.getByText('Please open and read all attached documents').waitFor();
    await page.getByText('File is required to be opened').waitFor();
    await page.getByText('Name is required').waitFor();
    const opened = page.context().waitForEvent('page');
    await page.getByRole('link', { name: /Open Employee Handbook/ }).click();
    const handbook = await opened;
    await handbook.waitForLoadState();
    await handbook.close();
    await page.getByText('Opened', { exact: true }).waitFor();
    await page.getByLabel('I have read this document and agree to it.').check();
    await page.getByLabel('Type your full name').fill('Sami Carter');
    await page.getByRole('button', { name: 'Submit document' }).click();

    // The second: a field of every type, an upload, HR's approval.
    await page.getByRole('heading', { name: 'Emergency Contact and Identification', level: 3 }).waitFor();
    await page.getByLabel('Emergency contact name').fill('Alex Carter');
    await page.getByLabel('Emergency contact phone').fill('555-1234');
    await page.getByLabel('Emergency contact email').fill('alex@example.com');
    await page.getByLabel('Emergency contact state').selectOption('NY');
    await page.getByLabel('Emergency contact ZIP code').fill('10001');
    await page.getByLabel('Start date you agreed with your manager').fill('12/01/2026');
    await page.getByLabel('T-shirt size').selectOption('M');
    const amount = page.getByLabel('Monthly commuter benefit you plan to use');
    await amount.fill('1200.5');
    await amount.blur();
    expect(await amount.inputValue()).toBe('$1,200.50');
    await page.getByLabel('SSN of your emergency contact (for our insurer)').fill('123-45-6780');
    await page.getByLabel('Anything we should know (allergies, accessibility needs)').fill('None');
    await page.getByLabel('I may be contacted by text message').check();
    await page.getByLabel('I have read this document and agree to it.').check();
    await page.getByLabel('Type your full name').fill('Sami Carter');
    await page.getByRole('button', { name: 'Submit document' }).click();
    await page.getByText('Invalid Phone Format').waitFor();
    await page.getByText('File must be uploaded').waitFor();
    await page.getByLabel('Emergency contact phone').fill('555-123-4567');
    // The upload (its own form), then the document again.
    await page.getByLabel(/Choose a file/).setInputFiles({ name: 'id-card.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 scan') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Uploaded: id-card.pdf').waitFor();
    // What was typed is still there.
    expect(await page.getByLabel('Emergency contact name').inputValue()).toBe('Alex Carter');
    await page.getByRole('button', { name: 'Submit document' }).click();
    await page.getByText('Submitted: waiting for HR approval.').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Employment eligibility: a type first, then the fields that type asks for.
    await page.getByRole('heading', { name: 'Employment Eligibility Verification' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please select one of the four options*').waitFor();
    await page.getByLabel('An alien authorized to work').check();
    await page.getByLabel('Authorized to work until').pressSequentially('10012030');
    await page.getByLabel('Foreign passport number').fill('P1234567');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Both Fields Are Required').waitFor();
    await page.getByLabel('Country of issuance').fill('Canada');
    await page.getByRole('button', { name: 'Save' }).click();
    const documents = page.getByRole('dialog', { name: 'Acceptable documents' });
    await documents.getByText('You may present these documents within 3 days of your first day of work.').waitFor();
    await documents.getByRole('heading', { name: 'List A' }).waitFor();
    await documents.getByRole('button', { name: 'I will bring these documents' }).click();

    // Tax withholding: claiming exemption makes the amounts read-only and asks for both statements.
    await page.getByRole('heading', { name: 'Tax Withholding' }).waitFor();
    await page.getByLabel('Filing status').selectOption({ label: 'Single or Married filing separately' });
    await page.getByLabel('Allowances').fill('1');
    await page.getByLabel(/I claim exemption from withholding/).check();
    expect(await page.getByLabel('Allowances').getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Confirm both statements to claim exemption from withholding').waitFor();
    await page.getByLabel(/I claim exemption from withholding/).uncheck();
    await page.getByLabel('Additional amount withheld per paycheck ($)').fill('20');
    await page.getByRole('button', { name: 'Next' }).click();

    // Payroll: 60% to a checking account (the bank named from its routing number), 40% by check.
    await page.getByRole('heading', { name: 'Payroll' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('alert').getByText('Please create payroll methods to continue').waitFor();
    await addCheckingDeposit(page, '60');
    await page.getByText('Total summary must be equal 100%', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Add payroll method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add payroll method' });
    await dialog.getByLabel('Method').selectOption({ label: 'Check' });
    await dialog.getByLabel('Amount type').selectOption({ label: 'Percentage' });
    await dialog.getByLabel('Percentage (%)').fill('40');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Total: 100%').waitFor();
    // The first method has no Delete.
    expect(await page.getByRole('button', { name: 'Delete Deposit 1' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete Check 2' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // EEO: all optional. Signature: typed, for someone who cannot draw.
    await page.getByRole('heading', { name: 'EEO' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Signature' }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByLabel('Or type your full name').fill('Sami Carter');
    await page.getByRole('button', { name: 'Next' }).click();

    // Finish, then on into benefit enrollment after the profile (already done here).
    await page.getByRole('heading', { name: 'You have finished onboarding' }).waitFor();
    await page.getByRole('button', { name: 'Continue to Benefit Enrollment' }).click();
    await page.waitForURL(/\/mbl\/registration/);
    await page.getByRole('heading', { name: 'Benefit Enrollment' }).waitFor();
    expect(await page.locator('[aria-current="step"]').innerText()).toContain('Dependents');

    // What was stored: the split, and the bank numbers only as ciphertext.
    const methods = await sql<{ method: number; amount_type: number; amount: number; routing_number_enc: string | null; account_number_enc: string | null }>(
      'SELECT method, amount_type, amount, routing_number_enc, account_number_enc FROM payroll_method WHERE employee_id = $1 ORDER BY sort_order',
      [hire.employeeId],
    );
    expect(methods.map((m) => [m.method, m.amount_type, m.amount])).toEqual([
      [1, 1, 6000],
      [3, 1, 4000],
    ]);
    expect(methods[0]!.routing_number_enc).not.toContain('021000021');
    expect(methods[0]!.account_number_enc).not.toContain('123456789');
    expect(methods[0]!.account_number_enc).toMatch(/^[A-Za-z0-9_-]+:/);
    const [account] = await sql<{ onboarding_step: number }>('SELECT a.onboarding_step FROM account a JOIN employee e ON e.account_id = a.id WHERE e.id = $1', [hire.employeeId]);
    expect(account!.onboarding_step).toBe(0);
    expect(scriptErrors(errors)).toEqual([]);
  });

  it('the stepper stacks on a phone, and an earlier step (not the first) can be revisited', async () => {
    const hire = await newHireLikeSam('Samia');
    // Profile and documents done (as if): the wizard resumes at Employment Eligibility.
    await sql(`UPDATE account SET onboarding_step = 3 WHERE id = (SELECT account_id FROM employee WHERE id = $1)`, [hire.employeeId]);
    const { page } = await newPage(browser, 390);
    await logIn(page, hire.email);
    await page.waitForURL(/\/mbl\/onboarding/);
    await page.getByRole('heading', { name: 'Employment Eligibility Verification' }).waitFor();
    const items = stepper(page).getByRole('listitem');
    expect((await items.nth(1).boundingBox())!.y).toBeGreaterThan((await items.first().boundingBox())!.y + 10);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // Step 1 is never a link; step 2 (done, before the current one) is; later steps are not.
    expect(await stepper(page).getByRole('link', { name: /Employee Profile/ }).count()).toBe(0);
    expect(await stepper(page).getByRole('link', { name: /Tax Withholding/ }).count()).toBe(0);
    await stepper(page).getByRole('link', { name: /Documents/ }).click();
    await page.getByRole('heading', { name: 'Employee Handbook', level: 3 }).waitFor();
  });
  it('a username account begins with Account Settings, then goes on to the profile', async () => {
    const p = await createPerson(browserDb, { registered: true, method: 'username', firstName: 'Una', lastName: 'Carter' });
    await sql(`UPDATE account SET onboarding_step = 1, registration_step = 1 WHERE id = $1`, [p.accountId]);
    await sql(`UPDATE employee SET enable_onboarding = true, new_hire = true WHERE id = $1`, [p.employeeId]);
    const { page, errors } = await newPage(browser);
    await logIn(page, p.username);
    await page.waitForURL(/\/mbl\/onboarding/);
    await page.getByRole('heading', { name: 'Account Settings', level: 2 }).waitFor();
    expect((await stepper(page).getByRole('listitem').allInnerTexts())[0]!.replace(/\s+/g, ' ').trim()).toBe('1 Account Settings');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Field is required').first().waitFor();
    await page.getByLabel('Email').fill(`una.${p.accountId}@example.com`);
    await page.getByLabel('Security question').selectOption({ index: 1 });
    await page.getByLabel('Your answer').fill('Rex');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Employee Profile' }).waitFor();
    expect((await stepper(page).getByRole('listitem').allInnerTexts())[0]!.replace(/\s+/g, ' ').trim()).toBe('1 Employee Profile');
    const [account] = await sql<{ email: string }>('SELECT email FROM account WHERE id = $1', [p.accountId]);
    expect(account!.email).toBe(`una.${p.accountId}@example.com`);
    expect(scriptErrors(errors)).toEqual([]);
  });
});
