import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import request from 'supertest';
import type { Test } from 'supertest';
import { DataSource } from 'typeorm';
import { FileMessages } from '../../api/src/contracts/files';
import { APP_CONFIG, type AppConfig } from '../../api/src/core/config/app-config';
import { INVALID_CHARACTERS } from '../../api/src/core/http/request-hygiene';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, createPerson } from '../support/fixtures';

const pdf = Buffer.from('%PDF-1.4\nthe scan\n');

/**
 * The three upload routes (My Documents, the census Files tab, Employer Forms' company files) read their text
 * fields from a multipart form after the app's NUL check of bodies has run: the fields are checked here as a
 * JSON body is, nothing answers 500, and a refused upload leaves no bytes in storage, on either driver.
 */
describe.each(['local', 's3'] as const)('refused uploads on %s storage', (driver) => {
  let t: TestApp;
  let db: DataSource;
  let s3server: S3rver | undefined;
  let scratch: string;
  const saved = { ...process.env };
  /** The objects the storage holds under uploads/. */
  let storedKeys: () => Promise<string[]>;
  let clientId: number;
  let employeeId: number;
  let otherEmployeeId: number;
  let routes: Array<{ name: string; path: string; token: string }>;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), `bp-upload-refusals-${driver}-`));
    if (driver === 's3') {
      s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: scratch, configureBuckets: [{ name: 'bp-test', configs: [] }] });
      const { port } = await s3server.run();
      Object.assign(process.env, { STORAGE_DRIVER: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'bp-test', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' });
      const client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      storedKeys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: 'bp-test', Prefix: 'uploads/' }))).Contents ?? []).map((o) => o.Key!);
    } else {
      Object.assign(process.env, { STORAGE_DRIVER: 'local', FILE_STORAGE_DIR: scratch });
      storedKeys = async () => (await readdir(join(scratch, 'uploads')).catch(() => [])).map((name) => `uploads/${name}`);
    }
    t = await createTestApp();
    db = t.app.get(DataSource);
    expect(t.app.get<AppConfig>(APP_CONFIG).storageDriver).toBe(driver);
    clientId = await cloneAcmeClient(db);
    const employee = await createPerson(db, { clientId, registered: true });
    const hr = await createPerson(db, { clientId, registered: true, roleType: 1 });
    employeeId = employee.employeeId;
    otherEmployeeId = (await createPerson(db, { registered: true })).employeeId;
    const [mine, hrs] = [await t.login(employee.email), await t.login(hr.email)];
    routes = [
      { name: 'My Documents', path: '/mbl/api/files', token: mine },
      { name: 'census Files tab', path: `/mbl/api/employees/${employeeId}/files`, token: hrs },
      { name: 'Employer Forms company file', path: '/mbl/api/employer-forms/files', token: hrs },
    ];
  });

  afterAll(async () => {
    await t?.close();
    await s3server?.close();
    process.env = saved;
    await rm(scratch, { recursive: true, force: true });
  });

  const fileRows = async () => (await db.query(`SELECT count(*)::int AS n FROM file WHERE client_id = $1`, [clientId]))[0].n as number;
  const refusedCharacter = (path: string) => ({ statusCode: 400, message: INVALID_CHARACTERS, errors: [{ path, message: INVALID_CHARACTERS }] });

  it.each([
    ['a NUL byte', 'My\u0000scan'],
    ['a line break', 'My\r\nscan'],
    ['an escape sequence', 'My \u001b[31mscan'],
    ['a tab', 'My\tscan'],
    ['a C1 control', 'My\u0085scan'],
  ])('%s in the title, before or after the file, is the API\'s 400 on each route, and nothing is stored', async (_what, title) => {
    const before = { keys: await storedKeys(), rows: await fileRows() };
    for (const route of routes) {
      const post = () => request(t.server).post(route.path).set('Authorization', `Bearer ${route.token}`);
      const first = await post().field('title', title).attach('file', pdf, 'scan.pdf');
      const last = await post().attach('file', pdf, 'scan.pdf').field('title', title);
      for (const res of [first, last]) {
        expect({ route: route.name, status: res.status, body: res.body as unknown }).toEqual({ route: route.name, status: 400, body: refusedCharacter('title') });
      }
    }
    expect(await storedKeys()).toEqual(before.keys);
    expect(await fileRows()).toBe(before.rows);
  });

  it('a NUL in a field\'s name, a field twice or nested, an over-long field, too many fields, no file, or no multipart at all: a 4xx, nothing stored', async () => {
    const before = { keys: await storedKeys(), rows: await fileRows() };
    type Case = [string, (r: Test) => Test, number];
    const cases: Case[] = [
      ['NUL in a field name', (r) => r.field('ti\u0000tle', 'x').attach('file', pdf, 'a.pdf'), 400],
      ['title twice', (r) => r.field('title', 'One').field('title', 'Two').attach('file', pdf, 'a.pdf'), 400],
      ['title nested', (r) => r.field('title[first]', 'One').attach('file', pdf, 'a.pdf'), 400],
      ['title of 10,001 characters', (r) => r.attach('file', pdf, 'a.pdf').field('title', 'x'.repeat(10_001)), 400],
      ['a field name of 200 characters', (r) => r.attach('file', pdf, 'a.pdf').field('n'.repeat(200), 'x'), 400],
      ['eleven fields', (r) => Array.from({ length: 11 }, (_, i) => i).reduce((q, i) => q.field(`f${i}`, 'x'), r.attach('file', pdf, 'a.pdf')), 400],
      ['a file under another field name', (r) => r.field('title', 'Scan').attach('document', pdf, 'a.pdf'), 400],
      ['JSON', (r) => r.send({ title: 'Scan', file: pdf.toString('base64') }), 400],
      ['plain text', (r) => r.set('Content-Type', 'text/plain').send('title=Scan'), 400],
      ['multipart without a boundary', (r) => r.set('Content-Type', 'multipart/form-data').send('--x\r\n'), 400],
      ['a multipart body cut short', (r) => r.set('Content-Type', 'multipart/form-data; boundary=x').send('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut'), 400],
    ];
    const failures: string[] = [];
    for (const route of routes) {
      for (const [what, build, status] of cases) {
        const res = await build(request(t.server).post(route.path).set('Authorization', `Bearer ${route.token}`));
        if (res.status !== status) failures.push(`${route.name}, ${what} -> ${res.status}`);
      }
      // No file at all: My Documents and the census say so; Employer Forms shows its page with the message.
      const none = await request(t.server).post(route.path).set('Authorization', `Bearer ${route.token}`).field('title', 'Nothing');
      if (none.status !== 400) failures.push(`${route.name}, no file -> ${none.status}`);
    }
    expect(failures).toEqual([]);
    expect(await storedKeys()).toEqual(before.keys);
    expect(await fileRows()).toBe(before.rows);
  });

  it('the census route refuses an id that is no employee of the client after the bytes arrived (the id pipe runs after the upload): nothing stays', async () => {
    const before = { keys: await storedKeys(), rows: await fileRows() };
    const hr = routes[1]!.token;
    for (const id of ['abc', '0', String(otherEmployeeId), '99999999']) {
      const res = await request(t.server).post(`/mbl/api/employees/${id}/files`).set('Authorization', `Bearer ${hr}`).field('title', 'Offer').attach('file', pdf, 'offer.pdf');
      expect([400, 404]).toContain(res.status);
    }
    expect(await storedKeys()).toEqual(before.keys);
    expect(await fileRows()).toBe(before.rows);
  });

  it('a plain title still works on each route: one stored object per accepted upload, each named by its row', async () => {
    const before = await storedKeys();
    const [{ last }] = await db.query(`SELECT coalesce(max(id), 0)::int AS last FROM file`);
    for (const route of routes) {
      const res = await request(t.server).post(route.path).set('Authorization', `Bearer ${route.token}`).field('title', `Scan for ${route.name} – ünïcode`).attach('file', pdf, 'scan.pdf');
      expect([201, 303]).toContain(res.status);
    }
    const after = await storedKeys();
    expect(after.length).toBe(before.length + 3);
    const rows: Array<{ storage_key: string; title: string }> = await db.query(`SELECT storage_key, title FROM file WHERE client_id = $1 AND id > $2 ORDER BY id`, [clientId, last]);
    expect(rows.map((r) => r.title)).toEqual(routes.map((r) => `Scan for ${r.name} – ünïcode`));
    expect(after.filter((k) => !before.includes(k)).sort()).toEqual(rows.map((r) => r.storage_key).sort());
    // The spec's message for a missing title is unchanged on the route that needs one.
    const untitled = await request(t.server).post(routes[1]!.path).set('Authorization', `Bearer ${routes[1]!.token}`).attach('file', pdf, 'scan.pdf').expect(400);
    expect(untitled.body.errors).toEqual([{ path: 'title', message: FileMessages.titleRequired }]);
  });
});
