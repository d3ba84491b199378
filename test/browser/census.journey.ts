import type { Browser } from 'playwright-core';
import { browserDb, completeAccountSetup, expectStep, launchBrowser, logIn, mailbox, newPage, scriptErrors, SITE, sql, waitForLink, wcagViolations } from '../support/browser';
import { copyOfJane, createOtherTenant } from '../support/fixtures';
import { until } from '../support/wait';

describe('employee census journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('an employeeId in the address selects once and leaves; the Enrollments tab lists elected and declined plans; an unknown id says No employee found!', async () => {
    const person = await copyOfJane(browserDb, 'Cena');
    const other = await createOtherTenant(browserDb);
    const { page, errors } = await newPage(browser);
    await logIn(page, 'hr@acme.test');
    await page.waitForURL(`${SITE}/mbl`);

    await page.goto(`${SITE}/mbl/employees-census?employeeId=${person.employeeId}`);
    await page.getByRole('heading', { name: 'Cena Doe', level: 2 }).waitFor();
    // A link from another page (?employeeId=) lands on the employee's own address.
    const url = new URL(page.url());
    expect(url.searchParams.has('employeeId')).toBe(false);
    expect(url.pathname).toBe(`/mbl/employees-census/${person.employeeId}`);
    expect(await page.getByRole('link', { name: 'Doe, Cena' }).getAttribute('aria-current')).toBe('true');
    // The list beside the detail from 960 px, above it below.
    for (const [width, beside] of [[1280, true], [960, true], [959, false]] as const) {
      await page.setViewportSize({ width, height: 900 });
      const listed = (await page.getByRole('link', { name: 'Doe, Cena' }).boundingBox())!;
      const detail = (await page.getByRole('heading', { name: 'Cena Doe', level: 2 }).boundingBox())!;
      if (beside) expect(listed.x + listed.width).toBeLessThanOrEqual(detail.x);
      else expect(listed.y + listed.height).toBeLessThanOrEqual(detail.y);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Personal first: her record, the SSN masked.
    const personal = page.locator('dl');
    await personal.getByText('Cena Doe').waitFor();
    expect(await personal.getByText(/^XXX-XX-\d{4}$/).count()).toBe(1);
    // The lock: the password, then the clear SSN; Hide locks it again.
    const secured = page.getByRole('region', { name: 'Secured data' });
    expect(await secured.getByText(/^\d{3}-\d{2}-\d{4}$/).count()).toBe(0);
    await secured.getByRole('button', { name: 'Show secured data' }).click();
    const prompt = page.getByRole('dialog', { name: 'Enter your password' });
    await prompt.getByLabel('Password').fill('wrong-password');
    await prompt.getByRole('button', { name: 'Submit' }).click();
    await prompt.getByText('Incorrect password').waitFor();
    await prompt.getByLabel('Password').fill('Passw0rd!');
    await prompt.getByRole('button', { name: 'Submit' }).click();
    await secured.getByText(/^\d{3}-\d{2}-\d{4}$/).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Employee details' });
    await tabs.getByRole('link', { name: 'Dependents' }).click();
    await page.getByRole('table', { name: 'Dependents' }).getByRole('rowheader', { name: 'John Doe' }).waitFor();
    await page.getByRole('table', { name: 'Dependents' }).getByRole('rowheader', { name: 'Lily Doe' }).waitFor();
    await tabs.getByRole('link', { name: 'Beneficiaries' }).click();
    expect(await page.getByRole('table', { name: 'Beneficiaries' }).getByRole('row', { name: /John Doe/ }).innerText()).toContain('Primary');
    await tabs.getByRole('link', { name: /Enrollments/ }).click();
    const elected = page.getByRole('table', { name: 'Plans elected' });
    await elected.getByRole('rowheader', { name: /Blue Horizon PPO 1500/ }).waitFor();
    expect(await elected.getByRole('row', { name: /Blue Horizon PPO 1500/ }).innerText()).toContain('John Doe, Lily Doe');
    await page.getByRole('table', { name: 'Plans declined' }).waitFor();
    // A plan opens the Plan Summary the employee sees, priced for her.
    await elected.getByRole('link', { name: /Blue Horizon PPO 1500/ }).click();
    const summary = page.getByRole('dialog', { name: 'Plan Summary' });
    await summary.getByRole('heading', { name: /Blue Horizon PPO 1500/ }).or(summary.getByText(/Blue Horizon PPO 1500/).first()).first().waitFor();
    await summary.getByRole('table', { name: /^Cost/ }).waitFor();
    await summary.getByRole('link', { name: 'Close' }).click();
    await summary.waitFor({ state: 'detached' });

    // Files: Save waits for a title and a file; the file is kept with the type its bytes show.
    await tabs.getByRole('link', { name: 'Files' }).click();
    await page.getByText('No files are available at this time').waitFor();
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Title').fill('Offer letter');
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel(/^File/).setInputFiles({ name: 'offer.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 offer letter') });
    await save.click();
    await page.getByText('File uploaded').waitFor();
    await page.getByRole('list', { name: 'Files' }).getByRole('link', { name: /Offer letter/ }).waitFor();

    // An id that names nobody of this client: the message, and nobody selected.
    for (const id of [999999, other.employeeId]) {
      await page.goto(`${SITE}/mbl/employees-census/${id}`);
      await page.getByText('No employee found!').waitFor();
      expect(await page.locator('[aria-current="true"]').count()).toBe(0);
    }
    expect(scriptErrors(errors)).toEqual([]);
  });

  it('HR adds an employee (the welcome email registers them), edits them, and terminates them with COBRA', async () => {
    const { page, errors } = await newPage(browser);
    await logIn(page, 'hr@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await page.goto(`${SITE}/mbl/employees-census`);
    await page.getByRole('link', { name: 'Add New Employee' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Employee' });
    // Validation on blur: leaving an empty required field says so at once.
    await add.getByLabel('First name').focus();
    await add.getByLabel('Last name').focus();
    await add.getByText('Field is required').first().waitFor();
    const last = `Addison${Date.now() % 100000}`;
    const email = `${last.toLowerCase()}@acme.test`;
    await add.getByLabel('First name').fill('Mae');
    await add.getByLabel('Last name').fill(last);
    // A taken address says so on blur (GET /employees/validate), before any Save.
    await add.getByRole('textbox', { name: /^Email/ }).fill('jane@acme.test');
    await add.getByLabel('Title').focus();
    await add.getByText('Email already in use').waitFor();
    await add.getByRole('textbox', { name: /^Email/ }).fill(email);
    await add.getByLabel('Title').focus();
    await add.getByText('Email already in use').waitFor({ state: 'detached' });
    await add.getByLabel('Access group').selectOption({ label: 'Full-Time Employees' });
    await add.getByLabel('Employment status').selectOption({ label: 'Full-Time' });
    await add.getByLabel('Hire date').fill('11/02/2026');
    await add.getByLabel('Annual income').fill('58000');
    expect(await add.getByLabel('Send the welcome email with the registration link').isChecked()).toBe(true);
    await add.getByRole('button', { name: 'Add employee' }).click();
    await page.getByText('Employee created successfully!').waitFor();
    await page.getByRole('heading', { name: `Mae ${last}`, level: 2 }).waitFor();
    await page.getByRole('link', { name: `${last}, Mae` }).waitFor();
    const link = await waitForLink(email, /https?:\/\/[^\s"'<>]+\/mbl\/registration\?token=[\w-]+/);
    // The link from the email registers her (in a browser of her own): Account Setup, then the wizard.
    const mae = await newPage(browser);
    await completeAccountSetup(mae.page, link.replace(/^https?:\/\/[^/]+/, SITE), 'Mae-2027-Pass');
    await expectStep(mae.page, 'Employee Profile');
    expect(scriptErrors(mae.errors)).toEqual([]);

    // Edit: validated on submit; the title changes.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: `Edit Mae ${last}` });
    await edit.getByLabel('Title').fill('Designer');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Employee updated successfully!').waitFor();
    await page.locator('dl').getByText('Designer').waitFor();

    // A file of hers, one per upload with its title.
    await page.getByRole('navigation', { name: 'Employee details' }).getByRole('link', { name: 'Files' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Signed offer');
    await page.getByLabel(/^File/).setInputFiles({ name: 'offer.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 offer for Mae') });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Files' }).getByRole('link', { name: /Signed offer/ }).waitFor();

    // Terminate with COBRA: HR signs; the employee moves to COBRA/Continuation.
    // Details, then a review of what will change, then the signature (decisions section 6).
    await page.getByRole('link', { name: 'Terminate', exact: true }).click();
    const terminate = page.getByRole('dialog', { name: `Terminate Mae ${last}` });
    await terminate.getByLabel('Termination date (MM/DD/YYYY)').fill('11/20/2026');
    await terminate.getByLabel('Qualifying event').selectOption({ label: 'Voluntary termination of employment' });
    await terminate.getByLabel('COBRA election (moves to COBRA/Continuation)').check();
    await terminate.getByRole('button', { name: 'Review' }).click();
    await terminate.getByText('Sign-in ends after 11/20/2026.').waitFor();
    // Whatever she has (employer-paid coverage is elected for her) ends with the month.
    await terminate.getByText(/^(Every current election ends on 11\/30\/2026\.|No current elections to end\.)$/).waitFor();
    await terminate.getByText('Elected: moves to COBRA/Continuation.').waitFor();
    await terminate.getByText(`A termination and COBRA notice is emailed to ${email}.`).waitFor();
    expect({ step: 'Terminate review at 1280 px', violations: await wcagViolations(page) }).toEqual({ step: 'Terminate review at 1280 px', violations: [] });
    // Nothing has changed yet.
    expect((await sql<{ terminated: boolean }>('SELECT terminated FROM employee WHERE email = $1', [email]))[0]!.terminated).toBe(false);
    await terminate.getByRole('link', { name: 'Continue to signature' }).click();
    await terminate.getByLabel('Or type your full name').fill('Hope Rivera');
    await terminate.getByRole('button', { name: 'Terminate' }).click();
    await page.getByText('Employee terminated successfully!').waitFor();
    await page.getByText('COBRA/Continuation on 11/20/2026; coverage ends 11/30/2026').waitFor();
    expect(await page.getByRole('link', { name: 'Terminate', exact: true }).count()).toBe(0);
    const [row] = await sql<{ terminated: boolean; cobra: boolean }>('SELECT terminated, cobra FROM employee WHERE email = $1', [email]);
    expect(row).toEqual({ terminated: true, cobra: true });
    // HR's Audit Log: the add, the edit and the termination of Mae, each with its details.
    await page.goto(`${SITE}/mbl/audit-admin`);
    await page.getByLabel('Employee Name').fill(`mae ${last.toLowerCase()}`);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('row', { name: new RegExp(`Employee Mae ${last} terminated \\(COBRA continuation\\)`) }).waitFor();
    await page.getByRole('row', { name: new RegExp(`Employee Mae ${last} updated`) }).waitFor();
    await page.getByRole('row', { name: /Account created from the welcome email/ }).waitFor();
    const added = page.getByRole('row', { name: new RegExp(`Employee Mae ${last} added`) });
    await added.getByRole('link', { name: /Log Details/ }).click();
    const details = page.getByRole('dialog', { name: 'Log Details' });
    await details.getByRole('row', { name: /Income.*Hidden/ }).waitFor();
    await details.getByText(/^Performed by Helen Ross on /).waitFor();
    await page.keyboard.press('Escape');
    // HR's own log (My Audit Log) is a page of its own, without the Employee Name column.
    await page.goto(`${SITE}/mbl/audit`);
    await page.getByRole('heading', { name: 'My Audit Log', level: 1 }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Employee Name' }).count()).toBe(0);
    // Her sign-in ended with the (past) termination date.
    await mae.page.context().clearCookies();
    await logIn(mae.page, email, 'Mae-2027-Pass');
    await mae.page.getByText('Your access to the portal ended on 11/20/2026. Please contact your HR administrator.').waitFor();
    expect(scriptErrors(errors)).toEqual([]);
  });

  it('at 390 px HR reviews each election whose coverage ends before signing; the employee is emailed the notice', async () => {
    const person = await copyOfJane(browserDb, 'Tobias');
    const elected = await sql<{ name: string }>(
      `SELECT p.name FROM enrollment en JOIN plan p ON p.id = en.plan_id JOIN open_enrollment_period oe ON oe.id = en.open_enrollment_period_id
        WHERE en.employee_id = $1 AND en.status = 1 AND oe.is_current ORDER BY en.plan_type_id`,
      [person.employeeId],
    );
    expect(elected.length).toBeGreaterThan(0);
    const { page, errors } = await newPage(browser, 390);
    await logIn(page, 'hr@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await page.goto(`${SITE}/mbl/employees-census/${person.employeeId}`);
    await page.getByRole('link', { name: 'Terminate', exact: true }).click();
    const terminate = page.getByRole('dialog', { name: 'Terminate Tobias Doe' });
    // A date the schema refuses comes back to the details, with why.
    await terminate.getByLabel('Termination date (MM/DD/YYYY)').fill('13/45/2026');
    await terminate.getByLabel('Qualifying event').selectOption({ label: 'Voluntary termination of employment' });
    await terminate.getByRole('button', { name: 'Review' }).click();
    await terminate.locator('#termination-error').waitFor();
    expect(await terminate.getByLabel('Termination date (MM/DD/YYYY)').getAttribute('aria-invalid')).toBe('true');
    await terminate.getByLabel('Termination date (MM/DD/YYYY)').fill('12/15/2026');
    await terminate.getByRole('button', { name: 'Review' }).click();
    const coverage = terminate.getByRole('table', { name: 'Coverage that ends' });
    await coverage.waitFor();
    for (const e of elected) await coverage.getByRole('row', { name: new RegExp(`${e.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*12/31/2026`) }).waitFor();
    await terminate.getByText('Not elected: moves to Terminated Employees.').waitFor();
    expect({ step: 'Terminate review at 390 px', violations: await wcagViolations(page) }).toEqual({ step: 'Terminate review at 390 px', violations: [] });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // Back keeps what was typed.
    await terminate.getByRole('link', { name: 'Back' }).click();
    expect(await terminate.getByLabel('Termination date (MM/DD/YYYY)').inputValue()).toBe('12/15/2026');
    await terminate.getByRole('button', { name: 'Review' }).click();
    await terminate.getByRole('link', { name: 'Continue to signature' }).click();
    await terminate.getByLabel('Or type your full name').waitFor();
    expect({ step: 'Terminate signature at 390 px', violations: await wcagViolations(page) }).toEqual({ step: 'Terminate signature at 390 px', violations: [] });
    await terminate.getByLabel('Or type your full name').fill('Helen Ross');
    await terminate.getByRole('button', { name: 'Terminate' }).click();
    await page.getByText('Employee terminated successfully!').waitFor();
    await page.getByText('Terminated on 12/15/2026; coverage ends 12/31/2026').waitFor();
    // The employee's notice: what ends and when, and no COBRA paragraph.
    const notice = await until(async () => (await mailbox()).find((m) => m.to.includes(person.email) && m.subject.startsWith('Termination notice:')), 'the termination notice');
    expect(notice.subject).toMatch(/end on 12\/31\/2026$/);
    for (const e of elected) expect(notice.text).toContain(e.name);
    expect(notice.text).not.toContain('COBRA');
    expect(scriptErrors(errors)).toEqual([]);
  });
});
