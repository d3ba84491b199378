import type { Browser } from 'playwright-core';
import { browserDb, completeAccountSetup, expectStep, inviteNewEmployee, launchBrowser, logIn, newPage, scriptErrors, SITE, sql, waitForValue } from '../support/browser';
import { copyOfJane } from '../support/fixtures';

/** MM/DD/YYYY of a date some months ago (a child under 1). */
function monthsAgo(months: number): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - months);
  return `${String(d.getMonth() + 1).padStart(2, '0')}/01/${d.getFullYear()}`;
}

describe('employee data journeys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a new employee registers, fills the profile, adds a spouse and a newborn, fixes an incomplete one and reaches step 4', async () => {
    // A fresh employee like nora (an administrator would add them to the census), then HR's welcome email.
    const { link, accountId, employeeId } = await inviteNewEmployee('Owen', 'Parker');
    // Phone indexes an API consumer stored: the profile step carries them through untouched.
    await sql('UPDATE employee SET office_phone_index = 1, cell_phone_index = 3 WHERE id = $1', [employeeId]);

    const { page, errors } = await newPage(browser);
    await completeAccountSetup(page, link, 'Owen-2027-Pass');

    // Step 2, Employee Profile: no Back, the privacy explanation, the SSN toggle, formats and the ZIP lookup.
    await page.getByRole('heading', { name: 'Benefit Enrollment' }).waitFor();
    await expectStep(page, 'Employee Profile');
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back' }).count()).toBe(0);
    // Account Setup is done but can never be clicked.
    expect(await page.getByRole('link', { name: /Account Setup/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Why do we collect this information?' }).click();
    const why = page.getByRole('dialog', { name: 'Privacy Notice' });
    await why.getByText('Your personal information is used only internally and is never disclosed to third parties.').waitFor();
    await why.getByRole('button', { name: 'Close' }).click();

    const ssn = page.getByRole('textbox', { name: 'Social Security Number' });
    expect(await ssn.inputValue()).toBe('XXX-XX-6705');
    expect(await ssn.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Edit Social Security Number' }).click();
    expect(await page.getByRole('textbox', { name: 'Social Security Number' }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Decline' }).click();
    expect(await page.getByRole('textbox', { name: 'Social Security Number' }).inputValue()).toBe('XXX-XX-6705');

    // Errors only after a field is touched.
    expect(await page.getByText('Field is required').count()).toBe(0);
    await page.getByLabel('First name').fill('');
    await page.getByLabel('Last name').focus();
    await page.getByText('Field is required').waitFor();
    await page.getByLabel('First name').fill('Owen');
    await page.getByLabel('Cell phone').fill('');
    await page.getByLabel('Cell phone').pressSequentially('5551234567');
    expect(await page.getByLabel('Cell phone').inputValue()).toBe('555-123-4567');
    await page.getByLabel('Home address').fill('350 Fifth Avenue');
    await page.getByLabel('Zip code').fill('');
    await page.getByLabel('Zip code').pressSequentially('10001');
    await waitForValue(page, 'input[name="city"]', 'New York');
    expect(await page.getByLabel('State').inputValue()).toBe('NY');
    const saving = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/mbl/registration'));
    await page.getByRole('button', { name: 'Next' }).click();
    const sent = new URLSearchParams((await saving).postData() ?? '');
    expect([sent.get('officePhoneIndex'), sent.get('homePhoneIndex'), sent.get('cellPhoneIndex')]).toEqual(['1', null, '3']);

    // Step 3, Dependents.
    await page.waitForURL(`${SITE}/mbl/registration?step=3`);
    await expectStep(page, 'Dependents');
    await page.getByText('Hi Owen!').waitFor();
    await page.getByText("You don't have any dependents").waitFor();

    await page.getByRole('link', { name: 'Add Dependent' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Dependent' });
    await dialog.getByLabel('Relationship type').selectOption({ label: 'Spouse' });
    await dialog.getByLabel('First name').fill('Mia');
    await dialog.getByLabel('Last name').fill('Parker');
    await dialog.getByLabel('Date of birth').pressSequentially('04021990');
    await dialog.getByLabel('Gender').selectOption({ label: 'Female' });
    await dialog.getByLabel('Smoker').selectOption({ label: 'No' });
    expect(await dialog.getByLabel('Totally disabled').count()).toBe(0);
    // The placeholder SSN is only for a child under 1.
    await dialog.getByRole('textbox', { name: 'Social Security Number' }).pressSequentially('000000000');
    await dialog.getByLabel('Email').focus();
    await dialog.getByText('Invalid SSN format').waitFor();
    await dialog.getByRole('textbox', { name: 'Social Security Number' }).fill('');
    await dialog.getByRole('textbox', { name: 'Social Security Number' }).pressSequentially('123456789');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Mia Parker' }).waitFor();
    // A confirmation that it was saved.
    await page.getByRole('status').getByText('Mia Parker was added to your dependents.').waitFor();

    await page.getByRole('link', { name: 'Add Dependent' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Dependent' });
    await dialog.getByLabel('Relationship type').selectOption({ label: 'Child' });
    await dialog.getByLabel('Totally disabled').waitFor();
    await dialog.getByLabel('First name').fill('Leo');
    await dialog.getByLabel('Last name').fill('Parker');
    await dialog.getByLabel('Date of birth').pressSequentially(monthsAgo(3).replace(/\//g, ''));
    await dialog.getByLabel('Gender').selectOption({ label: 'Male' });
    await dialog.getByLabel('Smoker').selectOption({ label: 'No' });
    await dialog.getByRole('textbox', { name: 'Social Security Number' }).pressSequentially('000000000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Leo Parker' }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);

    // A dependent whose gender got lost (an import, an older record): the banner holds the step.
    await sql(`UPDATE dependent SET gender = NULL WHERE employee_id = $1 AND first_name = 'Leo'`, [employeeId]);
    await page.reload();
    await page
      .getByText('The information about your dependent(s) Leo Parker is not complete. Please fill in all required fields in order to continue.')
      .waitFor();
    await page.getByText('Gender is missing!').waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByRole('link', { name: 'Edit Leo Parker' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Dependent' });
    expect(await dialog.getByRole('textbox', { name: 'Social Security Number' }).getAttribute('readonly')).not.toBeNull();
    await dialog.getByLabel('Gender').selectOption({ label: 'Male' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Gender is missing!').waitFor({ state: 'hidden' });
    expect(await page.getByText(/is not complete/).count()).toBe(0);

    // Different addresses: unchecking shows one accordion per dependent; collapsing the only one re-checks.
    const same = page.getByLabel('All my dependents reside at my home address');
    expect(await same.isChecked()).toBe(true);
    await same.uncheck();
    await page.getByText('Select dependents that have different home address').waitFor();
    await page.getByRole('button', { name: /^Mia Parker/ }).click();
    // The accordion's address form fills city and state from the ZIP as well.
    await page.getByRole('textbox', { name: 'Zip code' }).pressSequentially('60601');
    await waitForValue(page, 'input[name="addresses[0].city"]', 'Chicago');
    await page.getByRole('button', { name: /^Mia Parker/ }).click();
    expect(await same.isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${SITE}/mbl/registration?step=4`);
    // Step 4 draws once its plans are loaded.
    await page.getByRole('heading', { name: 'Benefits Enrollment', level: 2 }).waitFor();
    await expectStep(page, 'Benefits Enrollment');
    const [saved] = await sql<{ registration_step: number }>('SELECT registration_step FROM account WHERE id = $1', [accountId]);
    expect(saved.registration_step).toBe(6);
    // Going back by the stepper works, forward does not.
    await page.getByRole('link', { name: /Employee Profile/ }).click();
    await page.waitForURL(`${SITE}/mbl/registration?step=2`);
    expect(await page.getByRole('link', { name: /Benefits Enrollment/ }).count()).toBe(0);
    expect(scriptErrors(errors)).toEqual([]);
  });

  it('jane edits her dependents from /dependents and lands back in the wizard at the Dependents step', async () => {
    // June Doe, the journey's own copy of jane's family and elections: the seeded jane stays as she is.
    const copy = await copyOfJane(browserDb, 'June');
    const { page, errors } = await newPage(browser);
    await logIn(page, copy.email);
    await page.waitForURL(`${SITE}/mbl`);
    await page.goto(`${SITE}/mbl/dependents`);
    await page.getByRole('heading', { name: 'My Dependents' }).waitFor();
    await page.getByRole('heading', { name: 'John Doe' }).waitFor();
    await page.getByRole('heading', { name: 'Lily Doe' }).waitFor();
    // Cards on this page are read-only.
    expect(await page.getByRole('link', { name: 'Edit Lily Doe' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Edit Dependents' }).click();
    const confirm = page.getByRole('dialog', { name: 'Edit Dependents' });
    await confirm.getByText(/benefit enrollment must be redone/).waitFor();
    await confirm.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(`${SITE}/mbl/registration?step=3`);
    await page.getByRole('heading', { name: 'Benefit Enrollment' }).waitFor();
    await expectStep(page, 'Dependents');
    // Resuming mid-way, the step's data comes with the page: the server's HTML already draws the dependents.
    const html = await (await page.request.get(page.url())).text();
    expect(html).toMatch(/>John Doe</);
    expect(html).toMatch(/>Lily Doe</);
    const [row] = await sql<{ registration_step: number }>('SELECT registration_step FROM account WHERE username = $1', [copy.email]);
    expect(row.registration_step).toBe(5);

    await page.getByRole('link', { name: 'Edit Lily Doe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Dependent' });
    await dialog.getByLabel('Middle name').fill('Rose');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Lily Rose Doe' }).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
  });
});
