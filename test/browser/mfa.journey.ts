import { generateSync } from 'otplib';
import type { Browser } from 'playwright-core';
import { browserDb, launchBrowser, logIn, newPage, scriptErrors, SITE } from '../support/browser';
import { createPerson } from '../support/fixtures';

/**
 * Issue 27 item 6: an HR administrator sets up an authenticator on Sign-in Security at 1280 px (QR code shown,
 * first code entered, ten recovery codes shown once), signs out, and signs in again with a code after the
 * password.
 */
describe('MFA for administrators', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  // The portal runs on the real clock. A code is accepted one 30-second step either side of now and each step
  // only once, so the sign-in uses the next step's code: it works at once, without waiting for a new step.
  const codeAt = (secret: string, offsetSeconds: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

  it('HR sets up an authenticator, sees the recovery codes once, and signs in with a code', async () => {
    const hr = await createPerson(browserDb, { registered: true, roleType: 1, firstName: 'Mina', lastName: 'Factor' });
    const { page, errors } = await newPage(browser, 1280);
    await logIn(page, hr.username);
    await page.waitForURL(`${SITE}/mbl`);

    await page.getByRole('navigation').getByRole('link', { name: 'Sign-in Security' }).click();
    await page.getByRole('heading', { name: 'Sign-in Security', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Set up an authenticator' }).click();
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    expect(await qr.locator('svg').count()).toBe(1);
    const box = await qr.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(150);
    const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await page.getByLabel('Code from the app').fill(codeAt(secret, 0));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByText(/Recovery codes left: 10/).waitFor();
    // Shown once: a reload no longer has them.
    await page.reload();
    await page.getByText(/Recovery codes left: 10/).waitFor();
    expect(await page.getByRole('heading', { name: 'Save your recovery codes' }).count()).toBe(0);

    await page.goto(`${SITE}/mbl/logout`);
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();

    await logIn(page, hr.username);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    const code = page.getByLabel('Authentication code');
    await code.fill('000000' === codeAt(secret, 30) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not right. Check your authenticator app and try again.').waitFor();
    await page.getByLabel('Authentication code').fill(codeAt(secret, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('navigation').getByRole('link', { name: 'Sign-in Security' }).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
  });
});
