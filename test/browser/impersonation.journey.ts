import type { Browser, Page } from 'playwright-core';
import { browserDb, focusedLabel, launchBrowser, logIn, newPage, scriptErrors, SITE } from '../support/browser';
import { createPerson } from '../support/fixtures';

/**
 * Issue 27 item 7: HR logs in as an employee with a reason, on a desktop and on a phone. The reason is asked
 * in a dialog route of its own (checked before it is sent; focus goes back to the button that opened it),
 * the banner shows it, and the employee then finds the entry in My Audit Log with who acted and why.
 */
describe('impersonation with a reason', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  const focusedText = (page: Page) => page.evaluate<string | null>('document.activeElement?.textContent?.trim() ?? null');

  it.each([1280, 390])('at %i px: HR gives a reason, the banner shows it, the employee reads it in My Audit Log', async (width) => {
    const lastName = `Reason${width}`;
    const person = await createPerson(browserDb, { registered: true, firstName: 'Ida', lastName });
    const { page, errors } = await newPage(browser, width);
    await logIn(page, 'hr@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await page.goto(`${SITE}/mbl/employees-census/${person.employeeId}`);
    await page.getByRole('heading', { name: `Ida ${lastName}` }).waitFor();

    const open = page.getByRole('link', { name: 'Log in as employee' });
    await open.click();
    await page.waitForURL(/\/mbl\/employees-census\/\d+\/impersonate/);
    const dialog = page.getByRole('dialog', { name: `Log in as Ida ${lastName}` });
    await dialog.getByText('The employee will see who acted for them and why').waitFor();
    const submit = dialog.getByRole('button', { name: 'Log in as employee' });
    // Checked with the shared schema before anything is sent: a reason, and words for Other.
    await submit.click();
    await dialog.getByText('Please choose a reason').waitFor();
    await dialog.getByLabel('Other').check();
    await submit.click();
    await dialog.getByText('Please describe the reason').waitFor();

    // Cancel closes the dialog and gives focus back to the button that opened it.
    await dialog.getByRole('link', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(`${SITE}/mbl/employees-census/${person.employeeId}`);
    await focusedLabel(page, 'Log in as employee');
    expect(await focusedText(page)).toBe('Log in as employee');

    // From the keyboard this time.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByLabel('Employee asked by phone').check();
    await dialog.getByLabel(/^Details/).fill('Called about her new address');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await submit.click();

    await page.waitForURL(`${SITE}/mbl`);
    const banner = page.getByRole('region', { name: 'Acting as an employee' });
    await banner.getByText(`You are acting as Ida ${lastName}`).waitFor();
    await banner.getByText('Reason: Employee asked by phone: Called about her new address').waitFor();
    expect(await banner.getByText('Reason: Employee asked by phone: Called about her new address').isVisible()).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await banner.getByRole('button', { name: 'Return To My Account' }).click();
    await page.waitForURL(`${SITE}/mbl/employees-census`);
    expect(scriptErrors(errors)).toEqual([]);

    // The employee: My Audit Log lists what was done for her, by whom and why.
    const own = await newPage(browser, width);
    await logIn(own.page, person.email);
    await own.page.waitForURL(`${SITE}/mbl`);
    await own.page.goto(`${SITE}/mbl/audit`);
    await own.page.getByRole('heading', { name: 'My Audit Log', level: 1 }).waitFor();
    const row = own.page.getByRole('row', { name: new RegExp(`Logged in as Ida ${lastName}.*Helen Ross acting for Ida ${lastName}.*Reason: Employee asked by phone: Called about her new address`) });
    await row.waitFor();
    await row.getByRole('link', { name: /Log Details/ }).click();
    const details = own.page.getByRole('dialog', { name: 'Log Details' });
    await details.getByText(`on behalf of Ida ${lastName}`, { exact: false }).waitFor();
    await details.getByText('Reason: Employee asked by phone: Called about her new address').waitFor();
    expect(await own.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    expect(scriptErrors(own.errors)).toEqual([]);
  });

  it('works before JavaScript loads: the dialog is a page of its own whose form posts to the server', async () => {
    const person = await createPerson(browserDb, { registered: true, firstName: 'Ida', lastName: 'Noscript' });
    const { page } = await newPage(browser);
    await logIn(page, 'hr@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    await plain.goto(`${SITE}/mbl/employees-census/${person.employeeId}/impersonate`);
    const dialog = plain.getByRole('dialog', { name: 'Log in as Ida Noscript' });
    // Without a reason the server answers with the same message beside the list.
    await dialog.getByRole('button', { name: 'Log in as employee' }).click();
    await dialog.getByText('Please choose a reason').waitFor();
    await dialog.getByLabel('Correct a record').check();
    await dialog.getByRole('button', { name: 'Log in as employee' }).click();
    await plain.waitForURL(`${SITE}/mbl`);
    const banner = plain.getByRole('region', { name: 'Acting as an employee' });
    await banner.getByText('You are acting as Ida Noscript').waitFor();
    await banner.getByText('Reason: Correct a record').waitFor();
    await context.close();
  });
});
