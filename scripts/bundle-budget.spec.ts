import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBudgets, measureRoutes, type RouteSize } from './bundle-budget';

/** A client build in miniature: a Remix manifest and its files, random bytes so compression cannot shrink them much. */
function fixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bp-budget-'));
  mkdirSync(join(dir, 'assets'));
  const file = (name: string, bytes: number) => writeFileSync(join(dir, 'assets', name), randomBytes(bytes));
  file('entry.client-a.js', 10_240);
  file('react-b.js', 20_480);
  file('root-c.js', 4_096);
  file('_index-d.js', 8_192);
  file('login-e.js', 2_048);
  file('shared-f.js', 6_144);
  // A precompressed copy beside a file is what the portal sends, so it is what counts.
  writeFileSync(join(dir, 'assets', 'login-e.js.br'), Buffer.alloc(100));
  const manifest = {
    entry: { module: '/mbl/assets/entry.client-a.js', imports: ['/mbl/assets/react-b.js'] },
    routes: {
      root: { id: 'root', module: '/mbl/assets/root-c.js', imports: ['/mbl/assets/react-b.js'] },
      'routes/_index': { id: 'routes/_index', parentId: 'root', module: '/mbl/assets/_index-d.js', imports: ['/mbl/assets/shared-f.js'] },
      'routes/login': { id: 'routes/login', parentId: 'root', module: '/mbl/assets/login-e.js' },
    },
  };
  writeFileSync(join(dir, 'assets', 'manifest-0.js'), `window.__remixManifest=${JSON.stringify(manifest)};`);
  return dir;
}

describe('bundle budget', () => {
  let dir: string;
  let rows: RouteSize[];
  beforeAll(() => {
    dir = fixture();
    rows = measureRoutes(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("counts a route's manifest, client entry, and each module of its match from the root down, each file once", () => {
    const dashboard = rows.find((r) => r.id === 'routes/_index')!;
    // manifest, entry, react (imported twice), root, _index, shared
    expect(dashboard.files).toBe(6);
    expect(dashboard.raw).toBeGreaterThan(10_240 + 20_480 + 4_096 + 8_192 + 6_144);
    expect(dashboard.gzip).toBeGreaterThan(48_000);
    expect(rows.map((r) => r.id)).toEqual(['routes/_index', 'routes/login']);
  });

  it('measures a precompressed copy where the build has one', () => {
    const login = rows.find((r) => r.id === 'routes/login')!;
    const dashboard = rows.find((r) => r.id === 'routes/_index')!;
    // The login's own module counts 100 bytes in br, its random 2 KiB in gzip.
    expect(login.gzip - login.br).toBeGreaterThan(1_900);
    expect(dashboard.gzip - dashboard.br).toBeLessThan(1_000);
  });

  it.each([
    ['under both', { gzip: 100, br: 100 }, [false, false]],
    ['exactly at them', 'exact', [false, false]],
    ['over gzip only', 'gzip-1', [true, false]],
    ['over br only', 'br-1', [false, true]],
    ['over both', { gzip: 1, br: 1 }, [true, true]],
  ] as const)('a route %s: over only in the encoding it exceeds', (_name, budget, over) => {
    const dashboard = rows.find((r) => r.id === 'routes/_index')!;
    const exact = { gzip: dashboard.gzip / 1024, br: dashboard.br / 1024 };
    const b = budget === 'exact' ? exact : budget === 'gzip-1' ? { ...exact, gzip: exact.gzip - 0.1 } : budget === 'br-1' ? { ...exact, br: exact.br - 0.1 } : budget;
    const lines = checkBudgets(rows, { 'routes/_index': b });
    expect(lines.map((l) => [l.encoding, l.over])).toEqual([
      ['gzip', over[0]],
      ['br', over[1]],
    ]);
  });

  it('a budgeted route missing from the build is over', () => {
    expect(checkBudgets(rows, { 'routes/gone': { gzip: 999, br: 999 } }).every((l) => l.over && l.usedKiB === null)).toBe(true);
  });

  it('a directory without a build says to build first', () => {
    expect(() => measureRoutes(join(dir, 'nothing'))).toThrow(/run npm run build first/);
  });
});
