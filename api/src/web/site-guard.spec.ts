import { sameOriginAllowed, siteCsp } from './site-guard';

function req(method: string, headers: Record<string, string>) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, headers: lower };
}

describe('sameOriginAllowed (the configured public origin only, never the Host header)', () => {
  const publicUrl = 'https://benefits.example.com';
  it.each([
    ['GET from anywhere', req('GET', { host: 'a.test', origin: 'https://evil.test' }), true],
    ['POST from PUBLIC_URL', req('POST', { host: 'internal:3000', origin: 'https://benefits.example.com' }), true],
    ['POST with only a PUBLIC_URL Referer', req('POST', { host: 'internal:3000', referer: 'https://benefits.example.com/mbl/login' }), true],
    ['POST whose Origin matches only the Host it names', req('POST', { host: 'evil.test', origin: 'https://evil.test' }), false],
    ['POST to the address it was sent to, not PUBLIC_URL', req('POST', { host: '127.0.0.1:3917', origin: 'http://127.0.0.1:3917' }), false],
    ['POST with only a Referer of the Host', req('POST', { host: '127.0.0.1:3917', referer: 'http://127.0.0.1:3917/mbl/login' }), false],
    ['POST from another site', req('POST', { host: 'benefits.example.com', origin: 'https://evil.test' }), false],
    ['POST from another port', req('POST', { host: 'benefits.example.com', origin: 'https://benefits.example.com:8443' }), false],
    ['POST with Origin null', req('POST', { host: 'benefits.example.com', origin: 'null' }), false],
    ['POST with neither Origin nor Referer', req('POST', { host: 'benefits.example.com' }), false],
    ['POST with a foreign Referer', req('POST', { host: 'benefits.example.com', referer: 'https://evil.test/x' }), false],
    ['DELETE from another site', req('DELETE', { host: 'a.test', origin: 'https://evil.test' }), false],
    ['https PUBLIC_URL, http Origin', req('POST', { host: 'benefits.example.com', origin: 'http://benefits.example.com' }), false],
  ])('%s', (_name, request, expected) => {
    expect(sameOriginAllowed(request, publicUrl)).toBe(expected);
  });
});

describe('siteCsp', () => {
  it('allows scripts only by nonce, never inline or eval', () => {
    const csp = siteCsp('abc', false);
    const scripts = csp.split('; ').find((d) => d.startsWith('script-src'));
    expect(scripts).toBe("script-src 'nonce-abc' 'strict-dynamic'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(siteCsp('abc', true)).toContain("connect-src 'self' ws: wss:");
  });
});
