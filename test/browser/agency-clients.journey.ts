import type { Browser, Page } from 'playwright-core';
import { ClientMessages, bandContrast } from '../../api/src/contracts';
import { focusedLabel, launchBrowser, logIn, mailbox, newPage, scriptErrors, SITE, waitForLink, wcagViolations } from '../support/browser';
import { uniqueEmail } from '../support/fixtures';

async function seriousViolations(page: Page, step: string): Promise<{ step: string; violations: unknown[] }> {
  const violations = (await wcagViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { step, violations };
}

async function holdsAt(page: Page, width: number, step: string): Promise<void> {
  expect({ step, scrollWidth: Math.min(Number(await page.evaluate('document.documentElement.scrollWidth')), width + 1) }).toEqual({ step, scrollWidth: width });
}

/**
 * Issue 29: Harbor's agent sets up a new employer through the screens: Clients, New client (a header colour whose
 * text would be hard to read is refused with the contrast rule's message, then a readable one), the client in the
 * switcher, an HR administrator invited (the email goes out; at 1280 px they register and land in the client), then
 * disabled through its confirmation dialog, and the first period prepared Ready to Start. At
 * 1280 px, and at 390 px with axe (no serious or critical findings) and no horizontal scroll on each screen.
 */
describe('agency clients: an agent sets up an employer through the screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([1280, 390])('at %i px: creates a client, invites its HR administrator and disables them', async (width) => {
    const { page, errors } = await newPage(browser, width);
    const name = `Juniper Bakery ${width}-${Date.now()}`;
    const check = async (step: string) => {
      if (width !== 390) return;
      expect(await seriousViolations(page, step)).toEqual({ step, violations: [] });
      await holdsAt(page, width, step);
    };

    await logIn(page, 'agent@harbor.test');
    await page.waitForURL(/\/mbl\/employees-census/);
    if (width === 1280) {
      await page.getByRole('navigation').getByRole('link', { name: 'Clients', exact: true }).click();
    } else {
      await page.goto(`${SITE}/mbl/agency-clients`);
    }
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    await check('client list');

    await page.getByRole('link', { name: 'New client' }).click();
    await page.getByRole('heading', { name: 'New client', level: 1 }).waitFor();
    // The shell's own requests after a navigation (session check, switcher) settle before the form is filled.
    await page.waitForLoadState('networkidle');
    await check('new client form');
    await page.getByLabel('Client name').fill(name);
    await page.getByLabel('Website').fill('https://juniper-bakery.example');
    await page.getByLabel('Header colour').fill('#BABABA');
    // Leaving the field checks it: the luminance rule puts white text on #BABABA, unreadable, and the form says so.
    await page.getByLabel('Header colour').press('Tab');
    const unreadable = page.getByText(ClientMessages.colorContrast(bandContrast('#BABABA')!.ratio));
    await unreadable.waitFor();
    await page.getByLabel('Time zone').selectOption('America/Chicago');
    await page.getByLabel('Pay periods per year').selectOption('24');
    await page.getByLabel('Plan year starts in').selectOption({ label: 'July' });
    await page.getByLabel('Onboarding for new hires').check();
    await page.getByLabel('Tax withholding (W-4)').check();
    await page.getByRole('button', { name: 'Add contact' }).click();
    const contact = page.getByRole('group', { name: 'Contact 1' });
    await contact.getByLabel('First name').fill('June');
    await contact.getByLabel('Last name').fill('Baker');
    await contact.getByLabel('Email').fill('june@juniper-bakery.example');
    await page.getByRole('button', { name: 'Create client' }).click();
    // Not sent: the message stays beside the field until the colour is one whose text reads.
    await unreadable.waitFor();
    await page.getByRole('heading', { name: 'New client', level: 1 }).waitFor();
    await check('new client form with an error');
    await page.getByLabel('Header colour').fill('#2F4858');
    await page.getByLabel('Header colour').press('Tab');
    await unreadable.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create client' }).click();

    await page.getByRole('heading', { name: `${name}: HR administrators`, level: 1 }).waitFor();
    await page.getByText(`${name} was created. Invite its HR administrators next.`).waitFor();
    // In the client switcher at once.
    expect(await page.locator('#client-switcher option', { hasText: name }).count()).toBe(1);
    await check('HR administrators');

    const email = uniqueEmail('juniper-hr');
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Nair');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`An invitation was emailed to ${email}.`).waitFor();
    const row = page.getByRole('listitem').filter({ hasText: email });
    await row.getByText(/^Invited on/).waitFor();
    const until = Date.now() + 15_000;
    let invitation: { subject: string } | undefined;
    while (!invitation && Date.now() < until) {
      invitation = (await mailbox()).find((m) => m.to.toLowerCase().includes(email) && m.subject.includes(name));
      if (!invitation) await new Promise((r) => setTimeout(r, 200));
    }
    expect(invitation?.subject).toContain(`You are invited to administer ${name} in `);

    if (width === 1280) {
      // The HR administrator registers from the email (Account Setup is all of an administrator's wizard), agrees to
      // the privacy notice and is in the new client: its census, its name in the header.
      const link = await waitForLink(email, /https?:\/\/[^\s"'<>]+\/mbl\/registration\?token=[\w-]+/);
      const hr = await newPage(browser, width);
      await hr.page.goto(link);
      await hr.page.getByRole('heading', { name: 'Registration', exact: true }).waitFor();
      await hr.page.getByLabel('Password', { exact: true }).fill('Juniper-HR-2027');
      await hr.page.getByLabel('Reenter password').fill('Juniper-HR-2027');
      await hr.page.getByLabel('Security question').selectOption({ index: 1 });
      await hr.page.getByLabel('Your answer').fill('Rex');
      await hr.page.getByRole('button', { name: 'Next' }).click();
      const privacy = hr.page.getByRole('dialog', { name: 'Privacy Notice' });
      await privacy.getByRole('button', { name: 'Continue' }).click();
      await privacy.waitFor({ state: 'hidden' });
      await hr.page.waitForURL(/\/mbl\/employees-census/);
      await hr.page.getByRole('banner').getByText(name).waitFor();
      expect(scriptErrors(hr.errors)).toEqual([]);
      await hr.page.context().close();
      await page.reload();
      await row.getByText(/^Active/).waitFor();
    }

    // Disabling asks first; Keep access (or Escape) returns to the list with the focus back on Disable.
    await row.getByRole('link', { name: 'Disable Priya Nair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable Priya Nair?' });
    await dialog.waitFor();
    await check('disable dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await focusedLabel(page, 'Disable Priya Nair');
    await row.getByRole('link', { name: 'Disable Priya Nair' }).click();
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Priya Nair was disabled: they can no longer sign in.').waitFor();
    await row.getByText(/^Disabled/).waitFor();

    // The settings page shows what was saved.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await page.getByLabel('Time zone').inputValue()).toBe('America/Chicago');
    expect(await page.getByLabel('Header colour').inputValue()).toBe('#2F4858');
    expect(await page.getByRole('group', { name: 'Contact 1' }).getByLabel('Email').inputValue()).toBe('june@juniper-bakery.example');
    await check('client settings');

    // Its first period: open enrollment Ready to Start for the plan year (a wrong date is refused first).
    await page.getByRole('link', { name: 'First period' }).click();
    await page.getByRole('heading', { name: `${name}: first period`, level: 1 }).waitFor();
    await check('first period form');
    await page.getByLabel(/^Open enrollment, Ready to Start/).check();
    await page.getByLabel("Plan year's first day (MM/DD/YYYY)").fill('02/30/2027');
    await page.getByRole('button', { name: 'Prepare period' }).click();
    await page.getByText('This is not a valid date').waitFor();
    await page.getByLabel("Plan year's first day (MM/DD/YYYY)").fill('07/01/2027');
    await page.getByRole('button', { name: 'Prepare period' }).click();
    await page.getByText('Open Enrollment 2027 was prepared.').waitFor();
    await page.getByRole('heading', { name: 'Open Enrollment 2027', level: 2 }).waitFor();
    await page.getByText(/^Ready to Start: HR of the client starts it/).waitFor();
    await check('first period prepared');
    expect(scriptErrors(errors)).toEqual([]);
    await page.context().close();
    // Five screens with axe at 390 px and a registration at 1280: about 50 s on a loaded machine.
  }, 180_000);
});
