import { Client } from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BROWSER_DATABASE_URL, BROWSER_PORT, CHROMIUM, DEMO_PASSWORD } from './test-env';
import { createPerson } from './fixtures';

export const SITE = `http://127.0.0.1:${BROWSER_PORT}`;
/** The portal's REST API, for set-up a person would do through other screens. */
export const API = `${SITE}/mbl/api`;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A fresh page that fails the journey on any script error (hydration problems included). */
export async function newPage(browser: Browser, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // A fetcher load cancelled by the navigation the person started reaches a route boundary as an AbortError
    // (web/app/lib/cancelled-load.ts); the boundary shows nothing, but React 18 logs every error a boundary
    // catches, in production too. That one log line is the expected outcome; any other error still fails.
    if (m.type() === 'error' && !/^AbortError: signal is aborted without reason\b/.test(m.text())) errors.push(m.text());
  });
  return { page, errors };
}

/** What a person does: open the login page, type, press Login, wait for the next page. */
export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${SITE}/mbl/login`);
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The mail the portal sent, read back from its SMTP sink. */
export async function mailbox(): Promise<{ to: string; subject: string; html: string; text: string }[]> {
  const res = await fetch(`${SITE}/mbl/dev/mailbox.json`);
  return (await res.json()) as { to: string; subject: string; html: string; text: string }[];
}

/** One statement against the browser portal's database (set-up and checks a person cannot do by hand). */
export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: BROWSER_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The browser database for the fixtures (test/support/fixtures.ts). */
export const browserDb = { query: <T>(text: string, params: unknown[] = []): Promise<T> => sql(text, params) as Promise<T> };

/** Waits for the wizard's stepper to mark a step: the address changes a moment before the page re-renders. */
export async function expectStep(page: Page, label: string): Promise<void> {
  await page.locator('[aria-current="step"]', { hasText: label }).waitFor();
}

/** Script errors only: a refused form answer (400) is logged by Chromium as a failed resource, which is expected here. */
export function scriptErrors(errors: string[]): string[] {
  return errors.filter((e) => !e.startsWith('Failed to load resource'));
}

export async function apiJson<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${API}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function waitForLink(to: string, link: RegExp): Promise<string> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    for (const m of await mailbox()) {
      const found = m.to.toLowerCase().includes(to) ? m.text.match(link)?.[0] : undefined;
      if (found) return found;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail with ${link} reached ${to}`);
}

/** Waits until a field holds a value set by the page itself (the ZIP lookup fills city and state). */
export async function waitForValue(page: Page, selector: string, expected: string): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if ((await page.locator(selector).inputValue()) === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${selector} never became ${expected}`);
}

/**
 * A new employee of Acme, as HR would add them to the census (a copy of nora's record under a new name and
 * address), and HR's welcome email sent through the API: answers the registration link read from the email.
 */
export async function inviteNewEmployee(firstName: string, lastName: string): Promise<{ email: string; accountId: number; employeeId: number; link: string }> {
  const email = `${firstName.toLowerCase()}.${Date.now()}@acme.test`;
  const [account] = await sql<{ id: number }>(
    `INSERT INTO account (client_id, username, email, authentication_method, role_type, first_name, last_name, registration_step)
     SELECT client_id, $1, $1, 'email', 0, $2, $3, 1 FROM account WHERE username = 'nora@acme.test' RETURNING id`,
    [email, firstName, lastName],
  );
  const [employee] = await sql<{ id: number }>(
    `INSERT INTO employee (client_id, account_id, first_name, last_name, email, employment_id, employment_type, title, income_enc,
       work_hours, hire_date, birth_date, gender, smoker, marital_status_id, ssn_enc, address1, zip, city, state, cell_phone, new_hire,
       eligibility_date, enable_onboarding, group_id, office_id)
     SELECT client_id, $1, $3, $4, $2, employment_id, employment_type, title, income_enc, work_hours, hire_date, birth_date,
       gender, smoker, marital_status_id, ssn_enc, address1, zip, city, state, cell_phone, new_hire, eligibility_date, enable_onboarding,
       group_id, office_id
     FROM employee WHERE email = 'nora@acme.test' RETURNING id`,
    [account!.id, email, firstName, lastName],
  );
  const hr = await apiJson<{ jwt: string }>('/login', { method: 'POST', body: { username: 'hr@acme.test', password: DEMO_PASSWORD } });
  await apiJson(`/employees/${employee!.id}/welcome-email`, { method: 'POST', token: hr.jwt });
  const link = await waitForLink(email, /https?:\/\/[^\s"'<>]+\/mbl\/registration\?token=[\w-]+/);
  return { email, accountId: account!.id, employeeId: employee!.id, link };
}

/**
 * Step 1 as a person does it, from the emailed link: password twice, the first security question, the
 * answer 'Rex', Next, and Continue on the privacy notice. Ends on the wizard's second step.
 */
export async function completeAccountSetup(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('heading', { name: 'Registration', exact: true }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Reenter password').fill(password);
  await page.getByLabel('Security question').selectOption({ index: 1 });
  await page.getByLabel('Your answer').fill('Rex');
  await page.getByRole('button', { name: 'Next' }).click();
  const privacy = page.getByRole('dialog', { name: 'Privacy Notice' });
  await privacy.getByRole('button', { name: 'Continue' }).click();
  await privacy.waitFor({ state: 'hidden' });
}

/** A new hire like sam (every onboarding step on at Acme), registered, with onboarding and enrollment not started. */
export async function newHireLikeSam(firstName: string): Promise<{ email: string; employeeId: number }> {
  const p = await createPerson(browserDb, { registered: true, firstName, lastName: 'Carter' });
  await sql(
    `UPDATE employee e SET birth_date = s.birth_date, gender = s.gender, smoker = s.smoker, marital_status_id = s.marital_status_id, ssn_enc = s.ssn_enc,
        address1 = '350 Fifth Avenue', city = 'New York', state = 'NY', zip = '10001', hire_date = s.hire_date, new_hire = true, enable_onboarding = true,
        employment_id = s.employment_id, title = s.title
       FROM employee s WHERE s.email = 'sam@acme.test' AND e.id = $1`,
    [p.employeeId],
  );
  await sql(`UPDATE account SET onboarding_step = 1, registration_step = 1 WHERE id = $1`, [p.accountId]);
  return { email: p.email, employeeId: p.employeeId };
}


/**
 * Onboarding's Payroll step, as a person does it: Add payroll method, a direct deposit of `percent`% to checking
 * account 123456789 at routing number 021000021 (the bank's name appears from it), saved and listed masked.
 */
export async function addCheckingDeposit(page: Page, percent: string): Promise<void> {
  await page.getByRole('link', { name: 'Add payroll method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add payroll method' });
  await dialog.getByLabel('Method').selectOption({ label: 'Deposit' });
  await dialog.getByLabel('Amount type').selectOption({ label: 'Percentage' });
  await dialog.getByLabel('Percentage (%)').fill(percent);
  await dialog.getByLabel('Routing number').pressSequentially('021000021');
  await dialog.getByText('JPMorgan Chase Bank').waitFor();
  await dialog.getByLabel('Account number').fill('123456789');
  await dialog.getByLabel('Account type').selectOption({ label: 'Checking' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('XXXXX6789').waitFor();
}

export interface Violation {
  id: string;
  impact: string | null;
  targets: string[];
}

/** axe-core's WCAG 2.0, 2.1 and 2.2 A/AA rules on what the page shows right now. */
export async function wcagViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  // A string, so this Node-side file needs no DOM typings; it runs in the page.
  return (await page.evaluate(`(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  })()`)) as Violation[];
}

/** Waits until the focused element is the one with this accessible label (aria-label or text). */
export async function focusedLabel(page: Page, label: string): Promise<void> {
  // A function, not a string: Playwright polls a string predicate with eval, which the page's CSP forbids.
  type FocusDoc = { document: { activeElement: { getAttribute(name: string): string | null; textContent: string | null } | null } };
  await page.waitForFunction(
    (wanted) => {
      const el = (globalThis as unknown as FocusDoc).document.activeElement;
      return !!el && (el.getAttribute('aria-label') || el.textContent || '').trim() === wanted;
    },
    label,
    { timeout: 5000 },
  );
}

/**
 * Waits until focus is inside an open dialog: Radix moves focus there and starts listening for Escape in the same
 * effects, after the dialog is already visible, so a key pressed as soon as it shows can be lost.
 */
export async function focusInDialog(page: Page): Promise<void> {
  type FocusDoc = { document: { activeElement: { tagName: string; closest(selector: string): unknown } | null } };
  // Focus in a frame inside the dialog does not count: keys pressed there never reach the dialog.
  await page.waitForFunction(() => {
    const el = (globalThis as unknown as FocusDoc).document.activeElement;
    return !!el && el.tagName !== 'IFRAME' && el.closest('[role="dialog"]') !== null;
  }, undefined, { timeout: 5000 });
}
