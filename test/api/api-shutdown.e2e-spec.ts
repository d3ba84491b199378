import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { freePort } from '../support/ports';
import { until } from '../support/wait';

/**
 * Issue 32 item 3, the API half: a built API process (dist/api/src/main.js) gets SIGTERM while a request is in
 * flight (its body still arriving). It stops taking work at once (readiness 503, or no longer listening), still
 * answers the request in hand, and exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
describe('the API on SIGTERM', () => {
  const main = 'dist/api/src/main.js';
  const SHUTDOWN_TIMEOUT_MS = 10_000;
  let child: ChildProcess | undefined;

  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('stops taking work, finishes the request in flight and exits within the stated time', async () => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first (npm test does)`);
    const port = await freePort();
    child = spawn(process.execPath, [main], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WEB_MODE: 'off', LOG_LEVEL: 'silent', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}/mbl/api`;
    await until(async () => (await fetch(`${base}/health/ready`).catch(() => null))?.status === 200, 'the API to be ready');

    // A request in flight: its headers and half its body sent, the rest only after the signal.
    const body = JSON.stringify({ username: 'nobody@acme.test', password: 'not-the-password-1' });
    const inFlight = httpRequest(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      inFlight.on('response', (res: IncomingMessage) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));

    const signalled = Date.now();
    child.kill('SIGTERM');
    // New work is refused: readiness answers 503 while draining, or the port no longer takes connections.
    await until(async () => {
      const r = await fetch(`${base}/health/ready`).catch(() => null);
      return r === null || r.status === 503;
    }, 'the API to stop taking work');
    expect(child.exitCode).toBeNull();

    // The request in hand still gets its answer (the login's own refusal, not a reset or a 5xx).
    inFlight.end(body.slice(10));
    const res = await answered;
    expect(res.status).toBe(401);

    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    expect(child.exitCode).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  }, 60_000);
});
