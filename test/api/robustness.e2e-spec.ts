import type { Server } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request, { type Test } from 'supertest';
import { DataSource } from 'typeorm';
import { REQUEST_TIMEOUT_MS } from '../../api/src/bootstrap/create-app';
import { createTestApp, type TestApp } from '../support/app';
import { createPerson } from '../support/fixtures';
import { listRoutes, type RouteInfo } from '../support/routes';

/**
 * Nothing a user enters may produce a 500: every route, as an employee and as HR, with odd path ids and
 * malformed bodies, answers below 500. Routes are read from Nest's metadata, so new ones are covered.
 */
describe('no input produces a 500', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let tokens: string[];
  let employeeId: number;
  /** Uploads land here, so the multipart cases can show that nothing refused stays in storage. */
  let scratch: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'bp-robustness-'));
    Object.assign(process.env, { STORAGE_DRIVER: 'local', FILE_STORAGE_DIR: scratch });
    t = await createTestApp();
    // Logging out or opening another client would end the session the other requests use.
    routes = listRoutes(t.app).filter((r) => !/\/(logout|impersonation\/stop|agency\/clients\/:id\/open)$/.test(r.path));
    // A fresh employee rather than jane: some odd bodies are valid (an empty answer list, say) and would
    // change the seeded people other suites read.
    const employee = await createPerson(t.app.get(DataSource), { registered: true, privacyAgreed: true });
    employeeId = employee.employeeId;
    tokens = [await t.login(employee.username), await t.login('hr@acme.test')];
  });
  afterAll(async () => {
    await t.close();
    process.env = saved;
    await rm(scratch, { recursive: true, force: true });
  });

  const ids = ['abc', '-1', '0', '1.5', '99999999999999999999', '%27%3B--'];
  const bodies: unknown[] = [
    {},
    [],
    { id: 'x', password: 12, email: ['a'], step: 'nine', planId: {}, dependents: 'all', share: 1e308 },
    { nested: { deeper: { deepest: 'x'.repeat(5000) } }, ssn: '000-00-0000', birthDate: '02/30/2020', zip: '1234' },
    'not json at all',
  ];

  it('cuts off a request that is never finished, as Node does by default (Fastify would turn the limit off)', () => {
    expect((t.app.getHttpServer() as Server).requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('an address that cannot be routed (bad percent-encoding, a path value of 5,000 characters) is the API\'s 400, with its headers', async () => {
    for (const path of ['/mbl/api/employees/%E0%A4%A', `/mbl/api/employees/${'x'.repeat(5000)}`]) {
      const res = await request(t.server).get(path).set('Authorization', `Bearer ${tokens[1]}`).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'The address is not valid', errors: [{ path: 'path', message: 'The address is not valid' }] });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('answers every odd request with a status below 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
      for (const id of route.path.includes(':') ? ids : ['']) {
        const path = route.path.replace(/:[A-Za-z]+/g, id) + (method === 'get' ? '?type=%00&zip=abc&username=%27&search=' + 'z'.repeat(300) : '');
        for (const body of method === 'get' || method === 'delete' ? [undefined] : bodies) {
          for (const token of tokens) {
            let req = request(t.server)[method](path).set('Authorization', `Bearer ${token}`);
            if (typeof body === 'string') req = req.set('Content-Type', 'application/json').send(body);
            else if (body !== undefined) req = req.send(body as object);
            const res = await req;
            if (res.status >= 500) failures.push(`${route.method} ${path} ${JSON.stringify(body)?.slice(0, 60)} -> ${res.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  /** The string fields of each write route's request body, read from the served OpenAPI document. */
  async function stringFieldsByRoute(): Promise<Map<string, string[]>> {
    const doc = (await request(t.server).get('/mbl/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>>;
      components: { schemas: Record<string, { properties?: Record<string, { type?: string | string[]; anyOf?: Array<{ type?: string }> }> }> };
    };
    const out = new Map<string, string[]>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
        const schema = ref ? doc.components.schemas[ref.split('/').pop()!] : undefined;
        const strings = Object.entries(schema?.properties ?? {})
          .filter(([, p]) => [p.type].flat().includes('string') || (p.anyOf ?? []).some((a) => a.type === 'string'))
          .map(([name]) => name);
        out.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, strings);
      }
    }
    return out;
  }

  it('a NUL byte in any string of any write route answers 400 (before any guard or query); a NUL in a query too', async () => {
    const fields = await stringFieldsByRoute();
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const names = fields.get(`${route.method} ${route.path}`) ?? [];
      for (const name of names.length > 0 ? names : ['anything']) {
        const path = route.path.replace(/:[A-Za-z]+/g, '1');
        const res = await request(t.server)[route.method.toLowerCase() as 'post'](path).set('Authorization', `Bearer ${tokens[0]}`).send({ [name]: 'a\u0000b' });
        if (res.status !== 400) failures.push(`${route.method} ${path} ${name} -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    // The login username used to reach PostgreSQL (500) before the throttle counted it.
    await request(t.server).post('/mbl/api/login').send({ username: 'jane\u0000@acme.test', password: 'x' }).expect(400);
    await request(t.server).get('/mbl/api/zip-lookup?zip=021%0010').set('Authorization', `Bearer ${tokens[0]}`).expect(400);
  }, 120_000);

  it('a body that is not JSON, and over-long strings in every string field, never answer 500', async () => {
    const fields = await stringFieldsByRoute();
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const path = route.path.replace(/:[A-Za-z]+/g, '1');
      const names = fields.get(`${route.method} ${route.path}`) ?? [];
      const long = Object.fromEntries(names.map((n) => [n, 'x'.repeat(20_000)]));
      for (const token of tokens) {
        const send = () => request(t.server)[route.method.toLowerCase() as 'post'](path).set('Authorization', `Bearer ${token}`);
        for (const res of [
          await send().set('Content-Type', 'text/plain').send('plain text, not JSON'),
          await send().set('Content-Type', 'application/json').send('{"broken":'),
          await send().send(long),
        ]) {
          if (res.status >= 500) failures.push(`${route.method} ${path} -> ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The case that used to throw a TypeError.
    const [dependent] = await t.app.get(DataSource).query(`SELECT id FROM dependent LIMIT 1`);
    const res = await request(t.server).put(`/mbl/api/dependents/${dependent?.id ?? 1}/address`).set('Authorization', `Bearer ${tokens[0]}`).set('Content-Type', 'text/plain').send('not json');
    expect([400, 404]).toContain(res.status);
  }, 120_000);

  /**
   * Multipart bodies: the upload routes read their fields after the app's NUL check, through @fastify/multipart,
   * and store the file before the handler runs. Every case below is one an upload route must refuse.
   */
  const pdf = Buffer.from('%PDF-1.4\nrobustness\n');
  const multipartCases: Array<[string, (r: Test) => Test]> = [
    ['NUL in the title', (r) => r.field('title', 'a\u0000b').attach('file', pdf, 'a.pdf')],
    ['NUL in the title, after the file', (r) => r.attach('file', pdf, 'a.pdf').field('title', 'a\u0000b')],
    ['a line break in the title', (r) => r.attach('file', pdf, 'a.pdf').field('title', 'a\r\nb')],
    ['NUL in a field name', (r) => r.attach('file', pdf, 'a.pdf').field('ti\u0000tle', 'x')],
    ['NUL under __proto__', (r) => r.attach('file', pdf, 'a.pdf').field('__proto__[admin]', 'a\u0000')],
    ['the title twice', (r) => r.attach('file', pdf, 'a.pdf').field('title', 'a').field('title', 'b')],
    ['the title nested', (r) => r.attach('file', pdf, 'a.pdf').field('title[a][b]', 'x')],
    ['a title of 100,000 characters', (r) => r.attach('file', pdf, 'a.pdf').field('title', 'x'.repeat(100_000))],
    ['a field name of 5,000 characters', (r) => r.attach('file', pdf, 'a.pdf').field('n'.repeat(5000), 'x')],
    ['500 fields', (r) => Array.from({ length: 500 }, (_, i) => i).reduce((q, i) => q.field(`f${i}`, 'x'), r.attach('file', pdf, 'a.pdf'))],
    ['two files', (r) => r.attach('file', pdf, 'a.pdf').attach('file', pdf, 'b.pdf')],
    ['the file under another name', (r) => r.field('title', 'x').attach('upload', pdf, 'a.pdf')],
    ['no file', (r) => r.field('title', 'x')],
    ['an empty file', (r) => r.field('title', 'x').attach('file', Buffer.alloc(0), 'a.pdf')],
    ['a kind of file not kept', (r) => r.field('title', 'x').attach('file', Buffer.from([0x4d, 0x5a, 0x90, 0x00]), 'a.pdf')],
    ['the PDF as octet-stream', (r) => r.set('Content-Type', 'application/octet-stream').send(pdf)],
    ['the form as text/plain', (r) => r.set('Content-Type', 'text/plain').send('title=x')],
    ['multipart without a boundary', (r) => r.set('Content-Type', 'multipart/form-data').send('--x\r\n')],
    ['multipart cut short', (r) => r.set('Content-Type', 'multipart/form-data; boundary=x').send('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut')],
    ['a part without a name', (r) => r.set('Content-Type', 'multipart/form-data; boundary=x').send('--x\r\nContent-Disposition: form-data\r\n\r\nx\r\n--x--\r\n')],
  ];

  it('multipart bodies (odd field values, NUL, huge fields, too many fields, no file, a wrong content type): never a 500; the upload routes refuse each with a 4xx and keep no bytes', async () => {
    const [{ last }] = await t.app.get(DataSource).query(`SELECT coalesce(max(id), 0)::int AS last FROM file`);
    const failures: string[] = [];
    const uploads = routes.filter((r) => r.upload);
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      // An upload route's id is also tried as one that exists (the fresh employee), so the upload gets past the
      // guard and is stored before anything refuses it.
      const ids = route.path.includes(':') ? (route.upload ? [String(employeeId), 'abc', '99999999'] : ['1']) : [''];
      for (const id of ids) {
        const path = route.path.replace(/:[A-Za-z]+/g, id);
        // Other write routes never read a multipart body: a few cases show they answer below 500 all the same.
        for (const [what, build] of route.upload ? multipartCases : multipartCases.slice(0, 1).concat(multipartCases.slice(-4))) {
          for (const token of tokens) {
            const res = await build(request(t.server)[route.method.toLowerCase() as 'post'](path).set('Authorization', `Bearer ${token}`));
            const refused = route.upload ? res.status >= 400 && res.status < 500 : res.status < 500;
            if (!refused) failures.push(`${route.method} ${path} ${what} -> ${res.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    const rows: Array<{ storage_key: string }> = await t.app.get(DataSource).query(`SELECT storage_key FROM file WHERE id > $1`, [last]);
    expect(rows).toEqual([]);
    expect(await readdir(join(scratch, 'uploads')).catch(() => [])).toEqual([]);
  }, 180_000);
});
