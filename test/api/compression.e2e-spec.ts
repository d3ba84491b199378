import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { startProcess, waitForHealth } from '../support/portal-process';
import { DEMO_PASSWORD } from '../support/test-env';

/**
 * Issue 31 item 1: the site's pages, its built files and the API's JSON in brotli or gzip as the client asks,
 * identity when it asks for neither, always with Vary: Accept-Encoding. Runs the built portal (dist/, as
 * `npm start` does) with the production site, on this suite's database: the server build is ESM, which jest's
 * module sandbox cannot import. `npm test` builds (and scripts/precompress.js compresses) before this suite.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decoded (supertest and fetch would decode them). */
  body: Buffer;
}

/** GET with exactly these headers (no Accept-Encoding unless given). */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpGet(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const decode = (answer: RawAnswer): Buffer =>
  answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body;

/** The largest script of the build (the one the compression matters most for). */
function largestScript(): string {
  const dir = join(process.cwd(), 'web', 'build', 'client', 'assets');
  const scripts = readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, size: readFileSync(join(dir, name)).length }))
    .sort((a, b) => b.size - a.size);
  if (!scripts[0]) throw new Error(`no scripts in ${dir}: build the site first (npm run build)`);
  return `/mbl/assets/${scripts[0].name}`;
}

describe('compression (issue 31)', () => {
  let portal: ChildProcess | undefined;
  let server = '';

  beforeAll(async () => {
    const port = await freePort();
    server = `http://127.0.0.1:${port}`;
    // This suite's database, Redis and queue prefix (test/support/e2e-env.ts); no mail sink of its own.
    portal = startProcess(join(process.cwd(), 'dist', 'api', 'src', 'main.js'), {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: server,
      WEB_MODE: 'production',
      DEV_MAILBOX: 'false',
    });
    await waitForHealth(server);
  }, 90_000);
  afterAll(async () => {
    if (!portal || portal.exitCode !== null) return;
    const exited = new Promise((resolve) => portal?.once('exit', resolve));
    portal.kill('SIGTERM');
    await exited;
  });

  const get = async (path: string, acceptEncoding: string | null, headers: Record<string, string> = {}) => {
    const answer = await rawGet(server, path, acceptEncoding === null ? headers : { ...headers, 'Accept-Encoding': acceptEncoding });
    expect(answer.status).toBe(200);
    return answer;
  };

  it('sends a built script precompressed in brotli or gzip as asked, identity otherwise, with Vary', async () => {
    const script = largestScript();
    const identity = await get(script, null);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    const identitySize = identity.body.length;
    expect(identitySize).toBe(readFileSync(join(process.cwd(), 'web', 'build', 'client', script.replace('/mbl/', ''))).length);

    const br = await get(script, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(identitySize / 2);

    const gzip = await get(script, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.length).toBeLessThan(identitySize / 2);
    // Both decode to the very file.
    expect(decode(br).equals(identity.body)).toBe(true);
    expect(decode(gzip).equals(identity.body)).toBe(true);

    // A client that prefers gzip by weight gets gzip; one that refuses both gets the file as it is.
    expect((await get(script, 'br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get(script, 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses a rendered page as asked and keeps its security headers and CSP', async () => {
    const identity = await get('/mbl/login', null);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    const html = identity.body.toString('utf8');
    expect(html).toContain('<html');

    for (const encoding of ['br', 'gzip'] as const) {
      const page = await get('/mbl/login', encoding);
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['cache-control']).toBe('private, no-store');
      const decoded = decode(page).toString('utf8');
      expect(decoded).toContain('<html');
      expect(page.body.length).toBeLessThan(decoded.length / 2);
    }
  });

  it('compresses the API JSON as asked, identity without Accept-Encoding, with Vary', async () => {
    const login = await request(server).post('/mbl/api/login').send({ username: 'hr@acme.test', password: DEMO_PASSWORD }).expect(200);
    const jwt = (login.body as { jwt: string }).jwt;
    const plans = (encoding: string | null) => get('/mbl/api/plans', encoding, { Authorization: `Bearer ${jwt}` });

    const identity = await plans(null);
    expect(identity.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(identity.body.toString('utf8')) as unknown;
    const identitySize = identity.body.length;
    expect(identitySize).toBeGreaterThan(1024);

    for (const encoding of ['br', 'gzip'] as const) {
      const res = await plans(encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      // The API's strict headers stay.
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
      const decoded = decode(res).toString('utf8');
      expect(JSON.parse(decoded)).toEqual(json);
      expect(res.body.length).toBeLessThan(identitySize);
    }
  });
});
