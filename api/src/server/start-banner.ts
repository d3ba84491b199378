/**
 * The last thing `npm start` prints: where the site, the API docs and the mailbox are, who
 * to sign in as, and the registration link, so a newcomer sees them without scrolling back.
 */

export interface DemoLogin {
  login: string;
  who: string;
}

/** The seed's accounts worth signing in as (api/src/seed/seed.ts creates them; README lists the same). */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { login: 'hr@acme.test', who: 'HR administrator of Acme Corp' },
  { login: 'agent@harbor.test', who: 'agent of Harbor Benefits Group, opens Acme Corp' },
  { login: 'jane@acme.test', who: 'employee, registration finished' },
  { login: 'sam@acme.test', who: 'new hire, onboarding and registration not started' },
  { login: 'tess@acme.test', who: 'test user with the admin role' },
  { login: 'ops@platform.test', who: 'platform administrator: the queue dashboard only' },
];

export interface StartBannerInput {
  productName: string;
  publicUrl: string;
  /** The development mailbox runs (outside production, no SMTP_URL). */
  devMailbox: boolean;
  demoPassword: string;
  logins: readonly DemoLogin[];
  registration: { for: string; link: string } | null;
}

export function startBanner(input: StartBannerInput): string {
  const base = input.publicUrl.replace(/\/$/, '');
  const rows: Array<[string, string]> = [
    ['Site', `${base}/mbl`],
    ['API docs', `${base}/mbl/api/docs`],
  ];
  if (input.devMailbox) rows.push(['Mailbox', `${base}/mbl/dev/mailbox`]);
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  const loginWidth = Math.max(0, ...input.logins.map((l) => l.login.length));
  const lines = [
    `${input.productName} is ready`,
    ...rows.map(([label, url]) => `  ${label.padEnd(labelWidth)}  ${url}`),
    '',
    `Demo logins (password ${input.demoPassword}):`,
    ...input.logins.map((l) => `  ${l.login.padEnd(loginWidth)}  ${l.who}`),
  ];
  if (input.registration) lines.push('', `Registration link for ${input.registration.for}:`, `  ${input.registration.link}`);
  lines.push('', 'Ctrl-C stops the portal.');
  const rule = '-'.repeat(Math.min(100, Math.max(...lines.map((line) => line.length))));
  return [rule, ...lines, rule, ''].join('\n');
}
