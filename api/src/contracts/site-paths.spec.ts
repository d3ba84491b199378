import { isSitePath } from './site-paths';

describe('isSitePath', () => {
  it.each([
    ['/mbl', true],
    ['/mbl/', true],
    ['/mbl.data', true],
    ['/mbl/login', true],
    ['/mbl/login.data', true],
    ['/mbl/documents/12', true],
    ['/mbl/assets/root-abc.js', true],
    ['/mbl/apix', true],
    ['/mbl/api-docs-like-page', true],
    ['/mbl/devices', true],
    ['/mbl/api', false],
    ['/mbl/api/', false],
    ['/mbl/api/login', false],
    ['/mbl/api/docs', false],
    ['/mbl/api/docs-json', false],
    ['/mbl/dev', false],
    ['/mbl/dev/mail', false],
    ['/', false],
    ['/mblx', false],
    ['/mbl.datax', false],
    ['/other/mbl', false],
    ['/lite', false],
  ])('%s -> %p', (path, expected) => {
    expect(isSitePath(path)).toBe(expected);
  });
});
