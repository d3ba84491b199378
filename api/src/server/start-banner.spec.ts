import { DEMO_LOGINS, startBanner, type StartBannerInput } from './start-banner';

const input: StartBannerInput = {
  productName: 'Benefits Portal',
  publicUrl: 'http://localhost:3000/',
  devMailbox: true,
  demoPassword: 'Passw0rd!',
  logins: DEMO_LOGINS,
  registration: { for: 'Nora Newman <nora@acme.test>', link: 'http://localhost:3000/mbl/registration?token=abc' },
};

describe('startBanner', () => {
  it('names the site, the API docs, the mailbox, every demo login and the registration link, in that order', () => {
    const text = startBanner(input);
    const lines = text.split('\n');
    const order = [
      'Benefits Portal is ready',
      '  Site      http://localhost:3000/mbl',
      '  API docs  http://localhost:3000/mbl/api/docs',
      '  Mailbox   http://localhost:3000/mbl/dev/mailbox',
      'Demo logins (password Passw0rd!):',
      '  hr@acme.test       HR administrator of Acme Corp',
      '  agent@harbor.test  agent of Harbor Benefits Group, opens Acme Corp',
      'Registration link for Nora Newman <nora@acme.test>:',
      '  http://localhost:3000/mbl/registration?token=abc',
      'Ctrl-C stops the portal.',
    ];
    const at = order.map((line) => lines.indexOf(line));
    expect(at).not.toContain(-1);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const { login } of DEMO_LOGINS) expect(text).toContain(`  ${login}  `);
    // Short enough to read without scrolling, framed by a rule, ending with a newline.
    expect(lines.length).toBeLessThanOrEqual(22);
    expect(lines[0]).toMatch(/^-+$/);
    expect(text.endsWith('-\n')).toBe(true);
  });

  it('leaves out the mailbox when there is none (production, SMTP_URL) and the link when there is none', () => {
    const text = startBanner({ ...input, devMailbox: false, registration: null });
    expect(text).not.toContain('Mailbox');
    expect(text).not.toContain('Registration link');
    expect(text).toContain('  API docs  http://localhost:3000/mbl/api/docs');
  });
});
