import type { Browser } from 'playwright-core';
import { ALL_QUEUES } from '../../api/src/core/queues/queue-names';
import { launchBrowser, logIn, newPage, scriptErrors, SITE } from '../support/browser';

/** Issue 32 item 2: the platform administrator's way to the queue dashboard, and nobody else's. */
describe('queue dashboard journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  /** bull-board's page links Google Fonts, which its CSP blocks on purpose (system fonts show): that one is expected. */
  const unexpected = (errors: string[]) => scriptErrors(errors).filter((e) => !e.includes('fonts.googleapis.com'));

  it('the platform administrator has Sign-in Security for the platform administrators, and opens Platform > Queues to see every queue, under its CSP', async () => {
    const { page, errors } = await newPage(browser);
    await logIn(page, 'ops@platform.test');
    // No employee record and no client role: the contact page is home.
    await page.waitForURL(`${SITE}/mbl/contact`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('heading', { name: 'Platform' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Sign-in Security', 'Queues', 'Contact']);
    // Its own authenticator, and the platform administrators whose authenticator it may reset: no client's line.
    await nav.getByRole('link', { name: 'Sign-in Security' }).click();
    await page.waitForURL(`${SITE}/mbl/sign-in-security`);
    const admins = page.getByRole('region', { name: 'Administrators' });
    await admins.getByText('(platform administrator)').first().waitFor();
    expect(await admins.getByText('of this client').count()).toBe(0);
    await nav.getByRole('link', { name: 'Queues' }).click();
    // The ticket became the dashboard's cookie and left the address.
    await page.waitForURL(`${SITE}/mbl/api/admin/queues/`);
    for (const name of ALL_QUEUES) await page.getByText(name, { exact: true }).first().waitFor();
    expect(unexpected(errors)).toEqual([]);
  });

  it('HR has no Queues link, is sent home from /queues, and finds nothing at the dashboard address', async () => {
    const { page, errors } = await newPage(browser);
    await logIn(page, 'hr@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queues' }).count()).toBe(0);
    await page.goto(`${SITE}/mbl/queues`);
    await page.waitForURL(`${SITE}/mbl`);
    const answer = await page.goto(`${SITE}/mbl/api/admin/queues/`);
    expect(answer?.status()).toBe(404);
    expect(scriptErrors(errors).filter((e) => !e.includes('404'))).toEqual([]);
  });
});
