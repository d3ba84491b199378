import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bindClientParam } from './tenant-db';

describe('bindClientParam: $client becomes the parameter after the caller\'s own', () => {
  it.each([
    ['SELECT 1 FROM employee WHERE client_id = $client', 0, 'SELECT 1 FROM employee WHERE client_id = $1'],
    ['SELECT 1 FROM employee WHERE id = $1 AND client_id = $client', 1, 'SELECT 1 FROM employee WHERE id = $1 AND client_id = $2'],
    ['SELECT 1 FROM a JOIN b ON b.client_id = $client WHERE a.client_id = $client AND a.x = $2', 2, 'SELECT 1 FROM a JOIN b ON b.client_id = $3 WHERE a.client_id = $3 AND a.x = $2'],
    // A longer name is not the token.
    ['SELECT $clientele, 1 WHERE client_id = $client', 0, 'SELECT $clientele, 1 WHERE client_id = $1'],
  ])('%s with %i parameters', (sql, count, expected) => {
    expect(bindClientParam(sql, count)).toBe(expected);
  });

  it('refuses a statement without the client scope', () => {
    expect(() => bindClientParam('SELECT 1 FROM employee WHERE id = $1', 1)).toThrow(/\$client/);
    expect(() => bindClientParam('SELECT $clientele', 0)).toThrow(/\$client/);
  });
});

/** Every source file under a folder, specs aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('the client scope is never written by hand in a module', () => {
  // A client id bound by hand (`client_id = $2`, `clientId = :clientId`) or passed along from a user object
  // is how a query ends up scoped to the wrong client; TenantDb adds the scope from the request context.
  const handWritten = [/client_id\s*=\s*\$\d/, /clientId\s*=\s*:clientId/, /\bclientId:\s*(user|ctx|h|owner|form|signature)\.clientId\b/];
  const files = sources(join(__dirname, '../../modules'));

  it('finds the module sources', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(handWritten.map((pattern) => [String(pattern), pattern] as const))('no module matches %s', (_name, pattern) => {
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [line, i + 1] as const)
        .filter(([line]) => pattern.test(line))
        .map(([line, n]) => `${file}:${n}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('one data-access style: typed SQL', () => {
  // Repositories, query builders and entity classes were the second style; they are gone, and this keeps them out.
  const other = /\b(getRepository|createQueryBuilder|InjectRepository|forFeature)\b|@Entity\(/;
  const files = [...sources(join(__dirname, '../../modules')), ...sources(join(__dirname, '..'))];

  it('no source uses TypeORM repositories, query builders or entities', () => {
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [line, i + 1] as const)
        .filter(([line]) => other.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*'))
        .map(([line, n]) => `${file}:${n}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
