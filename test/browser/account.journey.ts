import { createDecipheriv, scryptSync } from 'node:crypto';
import Redis from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { apiJson, browserDb, launchBrowser, logIn, mailbox, newPage, scriptErrors, SITE, sql } from '../support/browser';
import { copyOfJane } from '../support/fixtures';
import { portalEnv } from '../support/portal-process';
import { DEMO_PASSWORD, REDIS_URL } from '../support/test-env';




/** The newest mail to `to` whose body carries a link matching `link`, ignoring mails seen before. */
async function waitForLink(to: string, link: RegExp, seen: Set<string>): Promise<string> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    for (const m of await mailbox()) {
      if (!m.to.toLowerCase().includes(to)) continue;
      // The plain-text part: Handlebars escapes '=' in the HTML part.
      const found = m.text.match(link)?.[0];
      if (found && !seen.has(found)) return found;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail with ${link} reached ${to}`);
}

async function linksSoFar(link: RegExp): Promise<Set<string>> {
  const all = await mailbox();
  return new Set(all.map((m) => m.text.match(link)?.[0]).filter((l): l is string => Boolean(l)));
}


/** Joan Doe, the journey's own copy of jane's household: changing her password leaves the seeded jane alone. */
async function janeCopy(): Promise<string> {
  return (await copyOfJane(browserDb, 'Joan')).email;
}

/**
 * The API session id behind the browser's cookie. The cookie is sealed with the portal's COOKIE_SECRET
 * (AES-256-GCM, web/app/lib/session.server.ts); the test knows the secret, so it can find exactly this
 * browser's session in Redis without touching anyone else's.
 */
async function apiSessionIdOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'bp_session');
  if (!cookie) throw new Error('no session cookie');
  const sealed = JSON.parse(Buffer.from(decodeURIComponent(cookie.value), 'base64').toString('utf8')) as string;
  const raw = Buffer.from(sealed.split('.')[1], 'base64url');
  const key = scryptSync(portalEnv().COOKIE_SECRET ?? '', 'bp_session/aes-256-gcm/v1', 32);
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from('bp_session'));
  decipher.setAuthTag(raw.subarray(12, 28));
  const session = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as { token: string };
  const claims = JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString('utf8')) as { sid: string };
  return claims.sid;
}

describe('account and session journeys', () => {
  let browser: Browser;
  /** Nora's welcome link, spent by the first journey and tried again by the second. */
  let noraLink: string | null = null;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('nora registers from the welcome email: Account Setup, then step 2 of the wizard', async () => {
    // HR sends the welcome email through the API, as the census will.
    const { jwt } = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: 'hr@acme.test', password: DEMO_PASSWORD } });
    const employees = await apiJson<{ result: { id: number; email: string | null }[] }>('/employees?search=nora%40acme.test', { token: jwt });
    const nora = employees.result.find((e) => e.email === 'nora@acme.test');
    if (!nora) throw new Error('nora is not in the census');
    const linkPattern = /https?:\/\/[^\s"'<>]+\/mbl\/registration\?token=[\w-]+/;
    const seen = await linksSoFar(linkPattern);
    await apiJson(`/employees/${nora.id}/welcome-email`, { method: 'POST', token: jwt });
    const link = await waitForLink('nora@acme.test', linkPattern, seen);
    noraLink = link;

    const { page, errors } = await newPage(browser);
    await page.goto(link);
    // The token leaves the address bar at once.
    await page.waitForURL(`${SITE}/mbl/registration`);
    await page.getByRole('heading', { name: 'Registration', exact: true }).waitFor();
    for (let n = 1; n <= 8; n += 1) await page.getByText(`STEP 0${n}`).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe('nora@acme.test');
    expect(await page.getByLabel('Username').getAttribute('readonly')).not.toBeNull();
    // An email account does not choose an email; Next is the only way on.
    expect(await page.getByLabel('Email', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);

    await page.getByLabel('Password', { exact: true }).fill('Nora-2027-Pass');
    await page.getByText('Password strength: Awesome').waitFor();
    // A different reentered password is flagged when the field is left, before the question is chosen,
    // and the message goes as soon as the two agree.
    await page.getByLabel('Reenter password').fill('Nora-2027-Pas');
    await page.getByLabel('Reenter password').press('Tab');
    await page.getByText('Passwords must match').waitFor();
    await page.getByLabel('Reenter password').fill('Nora-2027-Pass');
    await page.getByText('Passwords must match').waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Your answer').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Security question').selectOption({ index: 1 });
    expect(await page.getByLabel('Your answer').getAttribute('readonly')).toBeNull();
    await page.getByLabel('Your answer').fill('Rex');
    await page.getByRole('button', { name: 'Next' }).click();

    // Signed in now: the wizard goes on with Employee Profile; the privacy notice asks first.
    const privacy = page.getByRole('dialog', { name: 'Privacy Notice' });
    await privacy.waitFor();
    await privacy.getByText('Revision date: 01/01/2026').waitFor();
    await privacy.getByRole('button', { name: 'Continue' }).click();
    await privacy.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Benefit Enrollment' }).waitFor();
    expect(await page.locator('[aria-current="step"]').innerText()).toContain('Employee Profile');
    expect(new URL(page.url()).pathname).toBe('/mbl/registration');
    expect(scriptErrors(errors)).toEqual([]);
  });

  it('registration links that cannot be used open the spec modals, which lead to the login page', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${SITE}/mbl/registration?token=not-a-real-token`);
    // The server-rendered modal is swapped for Radix's once the page hydrates (data-state appears then); a
    // click in between can land on the node being replaced, so the person's click waits for the live one.
    let dialog = page.locator('[role="dialog"][data-state="open"]');
    await dialog.getByText("Registration token isn't valid. Please try the link from the email one more time or contact support").waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${SITE}/mbl/login`);

    if (!noraLink) throw new Error('the registration journey did not run first');
    await page.goto(noraLink);
    dialog = page.locator('[role="dialog"][data-state="open"]');
    await dialog.getByText("You've already registered. Please enter your username and password on the login page").waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${SITE}/mbl/login`);
  });

  it('jane resets a forgotten password from the emailed link and logs in with the new one', async () => {
    const email = await janeCopy();
    const linkPattern = /https?:\/\/[^\s"'<>]+\/mbl\/reset-password\?token=[\w-]+/;
    const seen = await linksSoFar(linkPattern);
    const { page, errors } = await newPage(browser);
    await page.goto(`${SITE}/mbl/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    expect(await page.title()).toContain('| Forgot Password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    // The one answer every address gets (decisions section 6).
    await page.getByRole('status').getByText('If an account uses this address, we have sent a link to reset its password.').waitFor();

    const link = await waitForLink(email, linkPattern, seen);
    await page.goto(link);
    await page.waitForURL(`${SITE}/mbl/reset-password`);
    expect(await page.title()).toContain('| Reset Password');
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Answer').fill('Fido');
    await page.getByLabel('New password').fill('Jane-New-2027');
    await page.getByLabel('Reenter password').fill('Jane-New-2027');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Wrong answer!').waitFor();

    await page.getByLabel('Answer').fill('Rex');
    await page.getByLabel('New password').fill('Jane-New-2027');
    await page.getByLabel('Reenter password').fill('Jane-New-2027');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Password changed successfully!').waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();

    await logIn(page, email, 'Jane-New-2027');
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('banner').getByText('Joan Doe').waitFor();

    // The used link again, signed out: it cannot work, and the page offers a new link or the login.
    const { page: later } = await newPage(browser);
    await later.goto(link);
    await later.getByText('Token is not valid!').waitFor();
    const next = later.getByRole('navigation', { name: 'What to do next' });
    await next.getByRole('link', { name: 'Back to login' }).waitFor();
    await next.getByRole('link', { name: 'Request a new link' }).click();
    await later.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
  });

  it('an administrator-forced password change is the only reachable page until it is done', async () => {
    const email = await janeCopy();
    await sql(`UPDATE account SET password_reset = true WHERE username = $1`, [email]);
    const { page, errors } = await newPage(browser);
    await logIn(page, email);
    await page.waitForURL(`${SITE}/mbl/change-password`);
    await page.getByRole('heading', { name: 'Creating new password' }).waitFor();
    await page.getByText('Your password was changed by the system administrator. Please create a new password.').waitFor();
    expect(await page.getByLabel('Old Password').count()).toBe(0);
    await page.goto(`${SITE}/mbl/profile`);
    await page.waitForURL(`${SITE}/mbl/change-password`);

    await page.getByLabel('New Password', { exact: true }).fill('Jane-Forced-27');
    await page.getByLabel('Repeat New Password').fill('Jane-Other-27');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password must match').waitFor();
    await page.getByLabel('Repeat New Password').fill('Jane-Forced-27');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByText('Your password has been successfully changed.').waitFor();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(scriptErrors(errors)).toEqual([]);
  });

  it('hr logs in as jane from the census and returns with "Return To My Account"', async () => {
    const { page, errors } = await newPage(browser);
    await logIn(page, 'hr@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await page.goto(`${SITE}/mbl/employees-census`);
    for (const group of ['Active Employees', 'COBRA/Continuation', 'Terminated Employees']) {
      await page.getByRole('button', { name: new RegExp(`^${group}`) }).waitFor();
    }
    await page.getByLabel('Search employees').fill('jane');
    // The server's search answers as she types (after a short pause): Helen leaves the list.
    await page.getByRole('link', { name: 'Ross, Helen' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Doe, Jane' }).click();
    await page.getByRole('heading', { name: 'Jane Doe' }).waitFor();
    await page.getByRole('link', { name: 'Log in as employee' }).click();
    // Why, first (issue 27 item 7): the dialog of its own route.
    const why = page.getByRole('dialog', { name: 'Log in as Jane Doe' });
    await why.getByLabel('Help with enrollment').check();
    await why.getByRole('button', { name: 'Log in as employee' }).click();

    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('banner').getByText('Jane Doe').waitFor();
    // The bar across the top, on every page and at a phone's width too.
    const acting = page.getByRole('region', { name: 'Acting as an employee' });
    await acting.getByText('You are acting as Jane Doe').waitFor();
    for (const path of ['/mbl/profile', '/mbl/dependents']) {
      await page.goto(`${SITE}${path}`);
      await acting.getByText('You are acting as Jane Doe').waitFor();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await acting.getByRole('button', { name: 'Return To My Account' }).isVisible()).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${SITE}/mbl`);
    const back = acting.getByRole('button', { name: 'Return To My Account' });
    await back.hover();
    await page.getByRole('tooltip').getByText('Log out from impersonation mode').waitFor();
    await back.click();

    await page.waitForURL(`${SITE}/mbl/employees-census`);
    await page.getByRole('banner').getByText('Helen Ross').waitFor();
    expect(await page.getByRole('button', { name: 'Return To My Account' }).count()).toBe(0);
    // hr cannot log in as herself.
    await page.getByRole('link', { name: 'Ross, Helen' }).click();
    await page.getByRole('heading', { name: 'Helen Ross' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in as employee' }).count()).toBe(0);
    expect(scriptErrors(errors)).toEqual([]);
  });

  it('an idle session asks for the password: a wrong one says so, the right one carries on', async () => {
    const { page, errors } = await newPage(browser);
    // A controllable clock, so the 30-second activity check can be fast-forwarded.
    await page.clock.install();
    await logIn(page, 'jane@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await page.goto(`${SITE}/mbl/profile`);
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();

    // Make the API session look idle: its last activity goes far into the past.
    const sid = await apiSessionIdOf(page);
    const makeIdle = async () => {
      const redis = new Redis(REDIS_URL);
      try {
        await redis.set(`${portalEnv().QUEUE_PREFIX}:sess:${sid}`, '1', 'KEEPTTL', 'XX');
      } finally {
        redis.disconnect();
      }
    };
    await makeIdle();
    await page.reload();

    const modal = page.getByRole('dialog', { name: 'Your session has expired, please enter your password' });
    await modal.waitFor();
    await modal.getByLabel('Password').fill('not-her-password');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Incorrect password').waitFor();
    await modal.getByLabel('Password').fill(DEMO_PASSWORD);
    await modal.getByRole('button', { name: 'Submit' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/mbl/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();

    // The secured-data lock on the profile: the password prompt, then the clear values, then Hide.
    await page.getByRole('button', { name: 'Show secured data' }).click();
    const prompt = page.getByRole('dialog', { name: 'Enter your password' });
    await prompt.getByLabel('Password').fill('not-her-password');
    await prompt.getByRole('button', { name: 'Submit' }).click();
    await prompt.getByText('Incorrect password').waitFor();
    await prompt.getByLabel('Password').fill(DEMO_PASSWORD);
    await prompt.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('123-45-6701').waitFor();
    await page.getByText('$72,000.00').waitFor();
    await page.getByRole('button', { name: 'Hide' }).click();
    expect(await page.getByText('123-45-6701').count()).toBe(0);

    // Without any navigation, the page's 30-second activity check finds the idle session and asks again.
    await makeIdle();
    await page.clock.fastForward(31_000);
    await modal.waitFor();
    expect(scriptErrors(errors)).toEqual([]);
  });
});
