import type { Browser, Page } from 'playwright-core';
import { apiJson, browserDb, inviteNewEmployee, launchBrowser, logIn, newHireLikeSam, newPage, SITE, sql, wcagViolations } from '../support/browser';
import { copyOfJane, createPerson } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/test-env';

async function expectAccessible(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  await page.goto(`${SITE}/mbl${path}`);
  await ready(page);
  expect({ path, violations: await wcagViolations(page) }).toEqual({ path, violations: [] });
}

describe('accessibility (WCAG 2.1 AA rules of axe-core)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('signed-out screens', async () => {
    const { page } = await newPage(browser);
    await expectAccessible(page, '/login', (p) => p.getByRole('button', { name: 'Login' }).waitFor());
    await expectAccessible(page, '/forgot-password', (p) => p.getByRole('button', { name: 'Reset password' }).waitFor());
  });

  it("an employee's screens, with their dialogs open", async () => {
    const { page } = await newPage(browser);
    await logIn(page, 'jane@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await expectAccessible(page, '/', (p) => p.getByRole('heading', { name: 'Benefits Snapshot' }).waitFor());
    await expectAccessible(page, '/profile', (p) => p.getByRole('heading', { name: 'Personal Information' }).waitFor());
    await expectAccessible(page, '/profile?edit=1', (p) => p.getByRole('dialog').waitFor());
    await expectAccessible(page, '/dependents', (p) => p.getByRole('heading', { name: 'My Dependents' }).waitFor());
    await expectAccessible(page, '/beneficiaries', (p) => p.getByRole('heading', { name: 'My Beneficiaries' }).waitFor());
    await expectAccessible(page, '/change-password', (p) => p.getByRole('button', { name: /Submit|Save|Change/ }).first().waitFor());
    await expectAccessible(page, '/audit', (p) => p.getByRole('heading', { name: 'Enrollments & Changes' }).waitFor());
  });

  it("the dashboard's dialogs, unsigned changes after Modify Selections, the log-out question and a trust beneficiary", async () => {
    // A copy of jane: Modify Selections changes what it opens.
    const person = await copyOfJane(browserDb, 'Axel');
    const { page } = await newPage(browser);
    await logIn(page, person.email);
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('heading', { name: 'Benefits Snapshot' }).waitFor();
    const planLink = page.getByRole('table', { name: /Your benefits/ }).getByRole('link').first();
    await planLink.click();
    await page.getByRole('dialog').waitFor();
    expect({ step: 'plan detail dialog', violations: await wcagViolations(page) }).toEqual({ step: 'plan detail dialog', violations: [] });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expectAccessible(page, '/?modify=1', (p) => p.getByRole('dialog', { name: 'Modify Selections' }).waitFor());
    await page.getByRole('dialog', { name: 'Modify Selections' }).getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/mbl\/registration/);
    await page.getByText('You have unsigned changes to your benefits.', { exact: false }).waitFor();
    expect({ step: 'wizard with unsigned changes', violations: await wcagViolations(page) }).toEqual({ step: 'wizard with unsigned changes', violations: [] });
    await expectAccessible(page, '/', (p) => p.getByRole('complementary', { name: 'Unsigned changes' }).waitFor());
    await expectAccessible(page, '/?cancelChanges=1', (p) => p.getByRole('dialog', { name: 'Cancel changes' }).waitFor());
    await page.keyboard.press('Escape');
    // The trust variant of the beneficiary dialog (the wizard's Beneficiaries step, the steps before it done).
    await sql('UPDATE account SET registration_step = 10 WHERE id = $1', [person.accountId]);
    await page.goto(`${SITE}/mbl/registration?step=5`);
    await page.getByRole('link', { name: 'Add Beneficiary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Beneficiary' });
    await dialog.getByRole('combobox', { name: 'Relationship', exact: true }).selectOption({ label: 'Trust' });
    await dialog.getByLabel('Name of the trust, estate or organization').waitFor();
    expect({ step: 'trust beneficiary dialog', violations: await wcagViolations(page) }).toEqual({ step: 'trust beneficiary dialog', violations: [] });
    await page.keyboard.press('Escape');
    // Log Out asks first.
    await page.goto(`${SITE}/mbl`);
    await page.getByRole('banner').getByRole('button', { name: /Axel Doe/ }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('dialog').waitFor();
    expect({ step: 'log out dialog', violations: await wcagViolations(page) }).toEqual({ step: 'log out dialog', violations: [] });
  });

  it('the onboarding wizard: every step and its dialogs', async () => {
    const hire = await newHireLikeSam('Axa');
    const { page } = await newPage(browser);
    await logIn(page, hire.email);
    await page.waitForURL(/\/mbl\/onboarding/);
    const at = (step: number) => sql('UPDATE account SET onboarding_step = $2 WHERE id = (SELECT account_id FROM employee WHERE id = $1)', [hire.employeeId, step]);
    await expectAccessible(page, '/onboarding?step=1', (p) => p.getByRole('heading', { name: 'Employee Profile' }).waitFor());
    await at(2);
    await expectAccessible(page, '/onboarding?step=2&doc=1', (p) => p.getByRole('heading', { name: 'Employee Handbook', level: 3 }).waitFor());
    await expectAccessible(page, '/onboarding?step=2&doc=2', (p) => p.getByRole('heading', { name: 'Emergency Contact and Identification', level: 3 }).waitFor());
    await at(3);
    await expectAccessible(page, '/onboarding?step=3', (p) => p.getByRole('heading', { name: 'Employment Eligibility Verification' }).waitFor());
    await expectAccessible(page, '/onboarding?step=3&confirm=1', (p) => p.getByRole('dialog', { name: 'Acceptable documents' }).waitFor());
    await at(4);
    await expectAccessible(page, '/onboarding?step=4', (p) => p.getByRole('heading', { name: 'Tax Withholding' }).waitFor());
    await at(5);
    await expectAccessible(page, '/onboarding?step=5', (p) => p.getByRole('heading', { name: 'Payroll' }).waitFor());
    await expectAccessible(page, '/onboarding?step=5&method=new', (p) => p.getByRole('dialog', { name: 'Add payroll method' }).waitFor());
    await at(6);
    await expectAccessible(page, '/onboarding?step=6', (p) => p.getByRole('heading', { name: 'EEO' }).waitFor());
    await at(7);
    await expectAccessible(page, '/onboarding?step=7', (p) => p.getByRole('heading', { name: 'Signature' }).waitFor());
    await at(8);
    await expectAccessible(page, '/onboarding?step=8', (p) => p.getByRole('heading', { name: 'You have finished onboarding' }).waitFor());
  });

  // Many screens, each checked by axe: on a loaded machine this takes longer than the default minute.
  it("HR's census", async () => {
    const { page } = await newPage(browser);
    await logIn(page, 'hr@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await expectAccessible(page, '/employees-census', (p) => p.getByRole('searchbox').or(p.getByLabel(/search/i)).first().waitFor());
    const [jane] = await sql<{ id: number }>(`SELECT id FROM employee WHERE email = 'jane@acme.test'`);
    await expectAccessible(page, `/employees-census/${jane!.id}`, (p) => p.getByRole('region', { name: 'Secured data' }).waitFor());
    await expectAccessible(page, `/employees-census/${jane!.id}?tab=dependents`, (p) => p.getByRole('table', { name: 'Dependents' }).waitFor());
    await expectAccessible(page, `/employees-census/${jane!.id}?tab=beneficiaries`, (p) => p.getByRole('table', { name: 'Beneficiaries' }).waitFor());
    await expectAccessible(page, `/employees-census/${jane!.id}?tab=enrollments`, (p) => p.getByRole('table', { name: 'Plans elected' }).waitFor());
    await expectAccessible(page, `/employees-census/${jane!.id}?tab=files`, (p) => p.getByRole('button', { name: 'Save' }).waitFor());
    // The census dialogs: Add New Employee, Edit, Terminate (with the signature pad).
    await expectAccessible(page, '/employees-census?dialog=add', (p) => p.getByRole('dialog', { name: 'Add New Employee' }).waitFor());
    await expectAccessible(page, `/employees-census/${jane!.id}/edit`, (p) => p.getByRole('dialog', { name: 'Edit Jane Doe' }).waitFor());
    await expectAccessible(page, `/employees-census/${jane!.id}/terminate/details`, (p) => p.getByRole('dialog', { name: 'Terminate Jane Doe' }).waitFor());
    const terminating = `terminationDate=12/15/2026&qualifyingEventId=10&cobraElection=on`;
    await expectAccessible(page, `/employees-census/${jane!.id}/terminate/review?${terminating}`, (p) => p.getByRole('table', { name: 'Coverage that ends' }).waitFor());
    await expectAccessible(page, `/employees-census/${jane!.id}/terminate/sign?${terminating}`, (p) => p.getByLabel('Or type your full name').waitFor());
    // The Action Center, its forms dialog and the approval's signature dialog.
    await expectAccessible(page, '/action-center', (p) => p.getByRole('table', { name: 'Enrollments & Changes' }).waitFor());
    await expectAccessible(page, `/action-center?employee=${jane!.id}&approve=${jane!.id}`, (p) => p.getByRole('dialog', { name: 'Approve' }).waitFor());
    // The Status Dashboard with its Open Enrollment dialog, and Transactions.
    await expectAccessible(page, '/status-dashboard', (p) => p.getByRole('table', { name: /employees/ }).waitFor());
    await expectAccessible(page, '/status-dashboard?dialog=open-enrollment', (p) => p.getByRole('dialog', { name: 'Open Enrollment' }).waitFor());
    // Close OE now's question (only looked at here: closing would close Acme's open enrollment for every journey).
    const [running] = await sql<{ id: number }>(`SELECT p.id FROM open_enrollment_period p JOIN client c ON c.id = p.client_id WHERE c.name = 'Acme Corp' AND p.is_current`);
    await expectAccessible(page, `/status-dashboard/close?period=${running!.id}`, (p) => p.getByRole('dialog', { name: 'Close open enrollment now?' }).getByText(/not finished their enrollment|have finished their enrollment/).waitFor());
    // The dashboard filtered to one state, and Remind the unfinished's preview (only looked at: sending would email Acme).
    await expectAccessible(page, `/status-dashboard?period=${running!.id}&state=unfinished`, (p) => p.getByRole('navigation', { name: 'Employees by state' }).waitFor());
    await expectAccessible(page, `/status-dashboard/remind?period=${running!.id}`, (p) => p.getByRole('dialog', { name: 'Remind the unfinished' }).getByText(/^Subject: /).waitFor());
    await expectAccessible(page, '/transactions', (p) => p.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor());
    // HR Reports: the list, a stock report, its Pay Attention dialog, and the report builder.
    const [stock] = await sql<{ id: number }>(`SELECT id FROM report WHERE client_id IS NULL AND title = 'Census'`);
    await expectAccessible(page, '/reports', (p) => p.getByRole('table', { name: 'Reports' }).waitFor());
    await expectAccessible(page, `/reports?report=${stock!.id}`, (p) => p.getByRole('heading', { name: 'Census', level: 2 }).waitFor());
    await expectAccessible(page, `/reports?report=${stock!.id}&dialog=pay-attention`, (p) => p.getByRole('dialog', { name: 'Pay Attention' }).waitFor());
    await expectAccessible(page, '/reports?dialog=builder', (p) => p.getByRole('dialog', { name: 'Report builder' }).waitFor());
    // The HR Audit Log, with an entry of this test's own, then that entry's details.
    const p = await createPerson(browserDb, { registered: true, firstName: 'Axe', lastName: 'Audit' });
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: p.email, password: DEMO_PASSWORD } });
    await apiJson('/beneficiaries', { method: 'POST', token: jwt, body: { firstName: 'Ida', lastName: 'Audit', relationshipTypeId: '1', beneficiaryType: '1', share: '100', birthDate: '01/02/1990', ssn: '123-45-6792' } });
    await expectAccessible(page, '/audit-admin', (p) => p.getByRole('heading', { name: 'Enrollments & Changes' }).waitFor());
    await page.getByRole('link', { name: /Log Details/ }).first().click();
    await page.getByRole('dialog', { name: 'Log Details' }).waitFor();
    expect({ step: 'log details dialog', violations: await wcagViolations(page) }).toEqual({ step: 'log details dialog', violations: [] });
  }, 180_000);

  it('the registration wizard: Account Setup, Employee Profile, Dependents with its dialog, Benefits Enrollment with its dialog', async () => {
    const { link, accountId } = await inviteNewEmployee('Ada', 'Lovelace');
    const { page } = await newPage(browser);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Registration', exact: true }).waitFor();
    expect({ step: 'account', violations: await wcagViolations(page) }).toEqual({ step: 'account', violations: [] });
    await page.getByLabel('Password', { exact: true }).fill('Ada-2027-Pass');
    await page.getByLabel('Reenter password').fill('Ada-2027-Pass');
    await page.getByLabel('Security question').selectOption({ index: 1 });
    await page.getByLabel('Your answer').fill('Rex');
    await page.getByRole('button', { name: 'Next' }).click();
    const privacy = page.getByRole('dialog', { name: 'Privacy Notice' });
    await privacy.waitFor();
    expect({ step: 'privacy dialog', violations: await wcagViolations(page) }).toEqual({ step: 'privacy dialog', violations: [] });
    await privacy.getByRole('button', { name: 'Continue' }).click();
    await privacy.waitFor({ state: 'hidden' });
    await expectAccessible(page, '/registration?step=2', (p) => p.getByLabel('First name').waitFor());
    // Profile done: the dependents step, then its add dialog.
    await sql('UPDATE account SET registration_step = 5 WHERE id = $1', [accountId]);
    await expectAccessible(page, '/registration?step=3', (p) => p.getByRole('link', { name: 'Add Dependent' }).waitFor());
    await page.getByRole('link', { name: 'Add Dependent' }).click();
    await page.getByRole('dialog', { name: 'Add Dependent' }).waitFor();
    expect({ step: 'add dependent dialog', violations: await wcagViolations(page) }).toEqual({ step: 'add dependent dialog', violations: [] });
    // Dependents done: the enrollment step, then the first plan group's dialog.
    await sql('UPDATE account SET registration_step = 6 WHERE id = $1', [accountId]);
    await expectAccessible(page, '/registration?step=4', (p) => p.getByRole('heading', { name: 'Benefits Enrollment', level: 2 }).waitFor());
    await page.getByRole('link', { name: /^(Select|Modify)/ }).first().click();
    await page.getByRole('dialog').first().waitFor();
    expect({ step: 'enrollment dialog', violations: await wcagViolations(page) }).toEqual({ step: 'enrollment dialog', violations: [] });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
    // The step's other dialogs: Compare Plans (also at a phone's width) and a Plan Summary.
    await page.getByRole('link', { name: 'Compare plans' }).first().click();
    await page.getByRole('dialog', { name: 'Compare Plans' }).waitFor();
    expect({ step: 'compare dialog', violations: await wcagViolations(page) }).toEqual({ step: 'compare dialog', violations: [] });
    await page.setViewportSize({ width: 390, height: 844 });
    expect({ step: 'compare dialog at 390 px', violations: await wcagViolations(page) }).toEqual({ step: 'compare dialog at 390 px', violations: [] });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Compare Plans' }).waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: /^Info: / }).first().click();
    await page.getByRole('dialog', { name: 'Plan Summary' }).waitFor();
    expect({ step: 'plan summary dialog', violations: await wcagViolations(page) }).toEqual({ step: 'plan summary dialog', violations: [] });
    // The later steps as the page draws them (the server owns which one may be shown).
    await sql('UPDATE account SET registration_step = 10 WHERE id = $1', [accountId]);
    await expectAccessible(page, '/registration?step=5', (p) => p.getByRole('link', { name: 'Add Beneficiary' }).waitFor());
    await page.getByRole('link', { name: 'Add Beneficiary' }).click();
    await page.getByRole('dialog', { name: 'Add Beneficiary' }).waitFor();
    expect({ step: 'add beneficiary dialog', violations: await wcagViolations(page) }).toEqual({ step: 'add beneficiary dialog', violations: [] });
    await expectAccessible(page, '/registration?step=6', (p) => p.getByRole('heading', { name: 'Additional Information', level: 2 }).waitFor());
    await expectAccessible(page, '/registration?step=7', (p) => p.getByRole('region', { name: 'What you are signing' }).waitFor());
    await expectAccessible(page, '/registration?step=8', (p) => p.getByRole('heading', { name: 'Plans You Elected' }).waitFor());
  });
});
