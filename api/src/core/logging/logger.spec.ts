import Fastify from 'fastify';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpLogger } from './http-logger';
import { createLogger, redactUrl, scrub } from './logger';

describe('redactUrl', () => {
  it('blanks the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/mbl/api/registration?token=abc_-123')).toBe('/mbl/api/registration?token=[redacted]');
    expect(redactUrl('/mbl/reset-password?x=1&TOKEN=abc&y=2#top')).toBe('/mbl/reset-password?x=1&TOKEN=[redacted]&y=2#top');
    expect(redactUrl('/mbl/api/forms?jwt=e.y.j')).toBe('/mbl/api/forms?jwt=[redacted]');
    expect(redactUrl('/mbl/api/employees?search=tokenize')).toBe('/mbl/api/employees?search=tokenize');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});

describe('the real request logger', () => {
  const SECRETS = {
    jwt: 'JWT-SECRET-1',
    token: 'TOKEN-SECRET-2',
    password: 'PASSWORD-SECRET-3',
    ssn: '987-65-4329',
    income: 'INCOME-SECRET-5',
    routingNumber: 'ROUTING-SECRET-6',
    accountNumber: 'ACCOUNT-SECRET-7',
  };

  /** Serves one request through pino-http with the app's logger settings and answers what was logged. */
  async function logOf(path: string, extra?: Record<string, unknown>): Promise<string> {
    const lines: string[] = [];
    const logger = createLogger('info', 'test', { write: (line: string) => void lines.push(line) });
    const log = httpLogger(logger);
    const server = createServer((req, res) => {
      log(req, res, () => undefined);
      // An object with secrets deep inside, as a service might log it.
      if (extra) logger.info(extra, 'something happened');
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${SECRETS.jwt}`, cookie: `bp=${SECRETS.token}` } });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return lines.join('');
  }

  it.each(Object.entries(SECRETS))('never writes %s: not in the URL, not at any depth of the query, not in logged objects', async (key, secret) => {
    const query = `?${key}=${encodeURIComponent(secret)}&filter[deep][${key}]=${encodeURIComponent(secret)}&page=2`;
    const out = await logOf(`/mbl/api/things${query}`, { user: { profile: { nested: { [key]: secret } } }, list: [{ [key]: secret }] });
    expect(out).toContain('/mbl/api/things');
    expect(out).toContain('page=2');
    expect(out).toContain('something happened');
    // The request line carries the answer's status, and nothing else of the answer.
    expect(out).toContain('"res":{"statusCode":200}');
    expect(out).not.toContain(secret);
    expect(out).not.toContain(encodeURIComponent(secret));
  });

  it('keeps what is not secret', () => {
    expect(scrub({ url: '/x?search=tokenize', a: { b: { name: 'Jane' } } })).toEqual({ url: '/x?search=tokenize', a: { b: { name: 'Jane' } } });
  });
});

describe('the request log and the site pages\' own API calls', () => {
  /** A Fastify app whose every request goes through the request logger first, as create-app's hook does. */
  async function appLogging(level: 'info' | 'debug') {
    const lines: string[] = [];
    const logger = createLogger(level, 'test', { write: (line: string) => void lines.push(line) });
    const log = httpLogger(logger);
    const app = Fastify();
    app.addHook('onRequest', (request, reply, done) => log(request.raw, reply.raw, done));
    app.get('/mbl/api/me', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { app, lines, base: `http://127.0.0.1:${port}` };
  }

  it.each([
    ['info', 1],
    ['debug', 2],
  ] as const)('at %s, a request over a connection is logged and one made in process (inject) only at debug: %i line(s)', async (level, expected) => {
    const { app, lines, base } = await appLogging(level);
    try {
      expect((await fetch(`${base}/mbl/api/me`)).status).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/mbl/api/me' })).statusCode).toBe(200);
      const requestLines = lines.filter((l) => l.includes('request completed'));
      expect(requestLines).toHaveLength(expected);
      expect(requestLines[0]).toContain('"remotePort"');
    } finally {
      await app.close();
    }
  });
});
