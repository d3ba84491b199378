import { loadConfig } from './app-config';

const secrets = {
  JWT_SECRET: 'a-real-production-secret-0123456789',
  COOKIE_SECRET: 'a-real-cookie-secret-0123456789',
  DATA_KEYS: `1:${Buffer.alloc(32, 9).toString('base64')}`,
};

/** A process environment of just these variables (ProcessEnv's typing insists on NODE_ENV). */
const env = (vars: Record<string, string | undefined>): NodeJS.ProcessEnv => vars as NodeJS.ProcessEnv;

describe('loadConfig', () => {
  it.each([
    ['development without SMTP_URL', { NODE_ENV: 'development' }, true],
    ['test without SMTP_URL', { NODE_ENV: 'test' }, true],
    ['development with SMTP_URL', { NODE_ENV: 'development', SMTP_URL: 'smtp://mail:25' }, false],
    ['development with DEV_MAILBOX=false', { NODE_ENV: 'development', DEV_MAILBOX: 'false' }, false],
    ['production', { NODE_ENV: 'production', ...secrets }, false],
  ])('the dev SMTP sink and /mbl/dev/mailbox: %s -> %p', (_name, vars, expected) => {
    expect(loadConfig(env(vars)).devMailbox).toBe(expected);
  });

  it('refuses to start in production without real secrets', () => {
    expect(() => loadConfig(env({ NODE_ENV: 'production' }))).toThrow(/must be set in production/);
    expect(() => loadConfig(env({ NODE_ENV: 'production', ...secrets, COOKIE_SECRET: undefined }))).toThrow(/must be set in production/);
  });

  it('rejects a data key that is not 32 bytes, or a current key id that is not listed', () => {
    expect(() => loadConfig(env({ DATA_KEYS: '1:c2hvcnQ=' }))).toThrow(/32 bytes/);
    expect(() => loadConfig(env({ DATA_KEYS: secrets.DATA_KEYS, DATA_KEY_ID: '2' }))).toThrow(/not in DATA_KEYS/);
  });

  it("takes a blank METRICS_TOKEN (docker-compose's ${METRICS_TOKEN:-} when none is set) as none, and refuses a short one", () => {
    expect(loadConfig(env({ METRICS_TOKEN: '' })).metricsToken).toBeUndefined();
    expect(loadConfig(env({ METRICS_TOKEN: 'a-metrics-token-0123456789' })).metricsToken).toBe('a-metrics-token-0123456789');
    expect(() => loadConfig(env({ METRICS_TOKEN: 'short' }))).toThrow();
  });

  it('derives the public URL from the port unless it is given', () => {
    expect(loadConfig(env({ PORT: '3300' })).publicUrl).toBe('http://localhost:3300');
    expect(loadConfig(env({ PUBLIC_URL: 'https://benefits.example.com/' })).publicUrl).toBe('https://benefits.example.com');
  });
});
