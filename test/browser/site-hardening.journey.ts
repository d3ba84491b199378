import { request as httpRequest } from 'node:http';
import type { Browser } from 'playwright-core';
import { launchBrowser, logIn, newPage, SITE } from '../support/browser';

/**
 * Decisions section 5, "site pages", on the real portal (production build): a nonce-based CSP that the
 * pages live with (they hydrate, nothing is blocked), same-origin checks on every non-GET site request,
 * capped form bodies, and API answers that no cache keeps.
 */
describe('site hardening', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('every page carries a nonce CSP without unsafe-inline scripts, and the pages hydrate and work under it', async () => {
    const { page, errors } = await newPage(browser);
    // Injected by the browser itself, so the page's CSP does not apply to this listener.
    await page.addInitScript("window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber));");
    const first = await page.goto(`${SITE}/mbl/login`);
    const csp = first!.headers()['content-security-policy'] ?? '';
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'$/);
    expect(csp).not.toContain('unsafe-eval');
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
    // Every inline script of the page carries this response's nonce; a second load gets another one.
    const scripts = await page.locator('script').evaluateAll((els) => els.map((el) => (el as unknown as { nonce: string }).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((n) => n === nonce)).toBe(true);
    const again = await fetch(`${SITE}/mbl/login`);
    expect(again.headers.get('content-security-policy')).not.toContain(nonce);

    // Hydrated: client-side navigation and forms work, and nothing was blocked on the way.
    await logIn(page, 'jane@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'My Dependents', exact: true }).click();
    await page.getByRole('heading', { name: 'My Dependents' }).waitFor();
    expect(await page.evaluate('typeof window.__remixRouter')).toBe('object');
    expect(await page.evaluate('window.__csp')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a cancelled load rejected by the router is not reported as an error; any other rejection still is', async () => {
    const { page, errors } = await newPage(browser);
    await logIn(page, 'jane@acme.test');
    await page.waitForURL(`${SITE}/mbl`);
    await page.getByRole('heading', { name: 'Benefits Snapshot' }).waitFor();
    // What react-router#14203 leaves behind when a navigation cancels a fetcher load, and a real failure after it.
    await page.evaluate(`Promise.reject(new DOMException('signal is aborted without reason', 'AbortError')); setTimeout(() => Promise.reject(new Error('a real failure')), 50);`);
    for (let i = 0; i < 100 && !errors.some((e) => e.includes('a real failure')); i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(errors.some((e) => e.includes('a real failure'))).toBe(true);
    expect(errors.filter((e) => e.includes('AbortError'))).toEqual([]);
  });

  it('refuses a non-GET site request from another origin, pages and resource routes alike', async () => {
    for (const path of ['/mbl/privacy-policy', '/mbl/switch-client', '/mbl/login', '/mbl/logout']) {
      const foreign = await fetch(`${SITE}${path}`, { method: 'POST', redirect: 'manual', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: 'clientId=1' });
      expect({ path, status: foreign.status }).toEqual({ path, status: 403 });
      const nothing = await fetch(`${SITE}${path}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'clientId=1' });
      expect({ path, status: nothing.status }).toEqual({ path, status: 403 });
      const own = await fetch(`${SITE}${path}`, { method: 'POST', redirect: 'manual', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: 'clientId=1' });
      expect({ path, refused: own.status === 403 }).toEqual({ path, refused: false });
    }
  });

  it('caps form bodies at 1 MiB: a 20 MB anonymous post to the login page is refused, not read', async () => {
    // The answer comes while the upload is still going: read it from the response event, whatever the socket does after.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${SITE}/mbl/login`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded', 'content-length': 20 * 1024 * 1024 } });
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      });
      req.on('error', (err) => reject(err));
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = (): void => {
        while (sent < 20 * 1024 * 1024 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!req.destroyed) req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    const justUnder = await fetch(`${SITE}/mbl/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=x&password=y&pad=${'a'.repeat(1000 * 1000)}`,
    });
    expect(justUnder.status).not.toBe(413);
  });

  it('Permissions-Policy on every answer; HSTS and a Secure session cookie only over https (the trusted proxy on this machine says so)', async () => {
    for (const path of ['/mbl/login', '/mbl/api/health', '/mbl/no-such-page']) {
      const res = await fetch(`${SITE}${path}`);
      expect({ path, policy: res.headers.get('permissions-policy'), hsts: res.headers.get('strict-transport-security') }).toEqual({
        path,
        policy: expect.stringContaining('camera=()'),
        hsts: null,
      });
      const https = await fetch(`${SITE}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
      expect({ path, hsts: https.headers.get('strict-transport-security') }).toEqual({ path, hsts: expect.stringMatching(/^max-age=/) });
    }
    const signIn = (headers: Record<string, string>) =>
      fetch(`${SITE}/mbl/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ username: 'jane@acme.test', password: 'Passw0rd!' }).toString(),
      });
    const overHttp = (await signIn({})).headers.getSetCookie().find((c) => c.startsWith('bp_session='));
    expect(overHttp).toBeDefined();
    expect(overHttp).not.toMatch(/;\s*Secure/i);
    const overHttps = (await signIn({ 'x-forwarded-proto': 'https' })).headers.getSetCookie().find((c) => c.startsWith('bp_session='));
    expect(overHttps).toMatch(/;\s*Secure/);
  });

  it("the site's file routes answer the API's status (403, 404), not 502", async () => {
    const signIn = async (username: string) => {
      const res = await fetch(`${SITE}/mbl/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password: 'Passw0rd!' }).toString(),
      });
      return res.headers.getSetCookie().find((c) => c.startsWith('bp_session='))!.split(';')[0]!;
    };
    // An employee may not read reports: the API answers 403, and so does the site.
    const jane = await signIn('jane@acme.test');
    expect((await fetch(`${SITE}/mbl/report-file/1`, { headers: { cookie: jane } })).status).toBe(403);
    // HR asking for an export that does not exist: 404, and so do the other file routes.
    const hr = await signIn('hr@acme.test');
    for (const path of ['/mbl/report-file/987654321', '/mbl/files/987654321']) {
      expect({ path, status: (await fetch(`${SITE}${path}`, { headers: { cookie: hr } })).status }).toEqual({ path, status: 404 });
    }
  });

  it('API answers default to Cache-Control: no-store; site pages too', async () => {
    const login = await fetch(`${SITE}/mbl/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'jane@acme.test', password: 'Passw0rd!' }) });
    const { jwt } = (await login.json()) as { jwt: string };
    for (const path of ['/me', '/enrollments', '/dependents', '/beneficiaries', '/employee', '/summary', '/options?type=gender']) {
      const res = await fetch(`${SITE}/mbl/api${path}`, { headers: { authorization: `Bearer ${jwt}` } });
      expect({ path, status: res.status, cache: res.headers.get('cache-control') }).toEqual({ path, status: 200, cache: 'no-store' });
    }
    expect((await fetch(`${SITE}/mbl/login`)).headers.get('cache-control')).toContain('no-store');
  });
});
