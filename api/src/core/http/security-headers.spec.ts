import { API_HEADERS, HSTS, securityHeaders, servedOverHttps, SITE_HEADERS } from './security-headers';

const names = (list: ReadonlyArray<readonly [string, string]>) => list.map(([name]) => name.toLowerCase());

describe('security headers', () => {
  it('Permissions-Policy is on every list, the API and the site, over http and https', () => {
    for (const [api, https] of [
      [true, false],
      [true, true],
      [false, false],
      [false, true],
    ] as const) {
      const policy = securityHeaders(api, https).find(([name]) => name === 'Permissions-Policy')?.[1] ?? '';
      expect(policy).toContain('camera=()');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('geolocation=()');
      expect(policy).toContain('payment=()');
    }
  });

  it('HSTS only over https', () => {
    expect(names(API_HEADERS)).not.toContain('strict-transport-security');
    expect(names(SITE_HEADERS)).not.toContain('strict-transport-security');
    expect(securityHeaders(true, false)).toBe(API_HEADERS);
    expect(securityHeaders(false, false)).toBe(SITE_HEADERS);
    expect(securityHeaders(true, true)).toContainEqual(HSTS);
    expect(securityHeaders(false, true)).toContainEqual(HSTS);
    // The API keeps its CSP and no-store; the site's pages set their own nonce CSP.
    expect(names(securityHeaders(true, true))).toEqual(expect.arrayContaining(['content-security-policy', 'cache-control']));
    expect(names(securityHeaders(false, true))).not.toContain('content-security-policy');
  });

  it.each([
    ['http public URL, plain request', 'http://localhost:3000', 'http', false],
    ['https public URL, plain request behind a proxy that is not trusted', 'https://benefits.example.com', 'http', true],
    ['http public URL, https request (TLS, or the trusted proxy)', 'http://localhost:3000', 'https', true],
    ['https both', 'https://benefits.example.com', 'https', true],
  ])('servedOverHttps: %s', (_name, publicUrl, protocol, expected) => {
    expect(servedOverHttps(publicUrl, protocol)).toBe(expected);
  });
});
