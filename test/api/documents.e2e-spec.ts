import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FILE_MAX_BYTES, FileMessages, groupByCategory } from '../../api/src/contracts/files';
import { APP_CONFIG, type AppConfig } from '../../api/src/core/config/app-config';
import { FILE_STORAGE, type FileStorage } from '../../api/src/modules/files/file-storage';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, createPerson } from '../support/fixtures';
import { binary } from '../support/wait';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, size - 9), 0x41)]);

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * My Documents (document 3 section 2.10) and the storage under it, once per driver: local disk, and S3 against
 * an S3-compatible server (s3rver) started here. Uploads stream into storage and downloads stream out.
 */
describe.each(['local', 's3'] as const)('My Documents on %s storage', (driver) => {
  let t: TestApp;
  let db: DataSource;
  let storage: FileStorage;
  let s3server: S3rver | undefined;
  let scratch: string;
  const saved = { ...process.env };
  /** How many objects the storage holds under uploads/ (an upload refused must leave none behind). */
  let uploadsCount: () => Promise<number>;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), `bp-docs-${driver}-`));
    if (driver === 's3') {
      s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: scratch, configureBuckets: [{ name: 'bp-test', configs: [] }] });
      const { port } = await s3server.run();
      Object.assign(process.env, { STORAGE_DRIVER: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'bp-test', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' });
      const client = new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      uploadsCount = async () => (await client.send(new ListObjectsV2Command({ Bucket: 'bp-test', Prefix: 'uploads/' }))).KeyCount ?? 0;
    } else {
      Object.assign(process.env, { STORAGE_DRIVER: 'local', FILE_STORAGE_DIR: scratch });
      uploadsCount = async () => (await readdir(join(scratch, 'uploads')).catch(() => [])).length;
    }
    t = await createTestApp();
    db = t.app.get(DataSource);
    storage = t.app.get<FileStorage>(FILE_STORAGE);
    expect(t.app.get<AppConfig>(APP_CONFIG).storageDriver).toBe(driver);
  });

  afterAll(async () => {
    await t?.close();
    await s3server?.close();
    process.env = saved;
    await rm(scratch, { recursive: true, force: true });
  });

  it('the driver stores, streams, writes in place and removes', async () => {
    const key = `test/${driver}/${Date.now()}`;
    await storage.put(`${key}/a`, Buffer.from('hello'));
    expect((await storage.read(`${key}/a`)).toString()).toBe('hello');
    // 3 MB arriving in pieces, read back as a stream.
    const big = Buffer.alloc(3_000_000, 7);
    await storage.put(`${key}/b`, Readable.from([big.subarray(0, 1_000_000), big.subarray(1_000_000)]));
    expect(sha(await collect(await storage.reader(`${key}/b`)))).toBe(sha(big));
    // A writer's file appears only when done.
    const out = await storage.writer(`${key}/c`);
    out.stream.write('part one, ');
    await expect(storage.read(`${key}/c`)).rejects.toThrow();
    out.stream.end('part two');
    await out.done();
    expect((await storage.read(`${key}/c`)).toString()).toBe('part one, part two');
    await storage.remove(`${key}/a`);
    await expect(storage.read(`${key}/a`)).rejects.toThrow();
    await storage.remove(`${key}/never-was`);
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
  });

  it('lists carrier forms, company files by category and only the caller\'s personal documents; uploads and downloads stream', async () => {
    const clientId = await cloneAcmeClient(db);
    // A zone of its own: every file answer carries the client's, which the site shows upload times in (issue 28 item 5).
    await db.query(`UPDATE client SET time_zone = 'America/Chicago' WHERE id = $1`, [clientId]);
    const me = await createPerson(db, { clientId, registered: true, firstName: 'Dora' });
    const colleague = await createPerson(db, { clientId, registered: true, firstName: 'Col' });
    const hr = await createPerson(db, { clientId, registered: true, roleType: 1 });
    const [category] = await db.query(`INSERT INTO file_category (client_id, name) VALUES ($1, 'Policies') RETURNING id`, [clientId]);
    const put = async (title: string, type: string, employeeId: number | null, categoryId: number | null = null) => {
      const key = `test/${driver}/${clientId}/${title.replace(/\W/g, '')}`;
      const bytes = pdf(100);
      await storage.put(key, bytes);
      const [row] = await db.query(
        `INSERT INTO file (client_id, employee_id, title, file_type, storage_key, content_type, size_bytes, category_id) VALUES ($1, $2, $3, $4, $5, 'application/pdf', $6, $7) RETURNING id`,
        [clientId, employeeId, title, type, key, bytes.length, categoryId],
      );
      return row.id as number;
    };
    await put('Medical SBC', 'carrier', null);
    await put('Handbook', 'client', null, category.id);
    await put('Holidays', 'client', null);
    await put('Their paystub', 'personal', colleague.employeeId);
    const token = await t.login(me.email);

    const before = (await request(t.server).get('/mbl/api/files').set('Authorization', `Bearer ${token}`).expect(200)).body;
    expect(before.map((f: { title: string; fileType: string; categoryName: string }) => [f.fileType, f.title, f.categoryName]).sort()).toEqual(
      [
        ['carrier', 'Medical SBC', 'Other'],
        ['client', 'Handbook', 'Policies'],
        ['client', 'Holidays', 'Other'],
      ].sort(),
    );
    expect(groupByCategory(before.filter((f: { fileType: string }) => f.fileType === 'client')).map((g) => g.title)).toEqual(['Policies', 'Other']);
    expect(groupByCategory(before.filter((f: { fileType: string }) => f.fileType === 'carrier')).map((g) => g.title)).toEqual(['Company Files']);

    const bytes = pdf(2_500_000);
    const uploaded = (await request(t.server).post('/mbl/api/files').set('Authorization', `Bearer ${token}`).field('title', 'My birth certificate').attach('file', bytes, 'scan.pdf').expect(201)).body;
    expect(uploaded).toMatchObject({ title: 'My birth certificate', contentType: 'application/pdf', sizeBytes: bytes.length, timeZone: 'America/Chicago' });
    const named = (await request(t.server).post('/mbl/api/files').set('Authorization', `Bearer ${token}`).attach('file', Buffer.from('plain words\n'), 'notes.txt').expect(201)).body;
    expect(named).toMatchObject({ title: 'notes.txt', contentType: 'text/plain' });

    const after = (await request(t.server).get('/mbl/api/files').set('Authorization', `Bearer ${token}`).expect(200)).body;
    expect(after.filter((f: { fileType: string }) => f.fileType === 'personal').map((f: { title: string }) => f.title).sort()).toEqual(['My birth certificate', 'notes.txt']);
    expect(new Set(after.map((f: { timeZone: string }) => f.timeZone))).toEqual(new Set(['America/Chicago']));
    const download = await request(t.server).get(`/mbl/api/files/${uploaded.id}/download`).set('Authorization', `Bearer ${token}`).buffer(true).parse(binary).expect(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Number(download.headers['content-length'])).toBe(bytes.length);
    expect(sha(download.body as Buffer)).toBe(sha(bytes));
    // HR sees it in the census Files tab; a colleague cannot open it.
    const census = (await request(t.server).get(`/mbl/api/employees/${me.employeeId}/files`).set('Authorization', `Bearer ${await t.login(hr.email)}`).expect(200)).body;
    expect(census.map((f: { id: number }) => f.id)).toEqual(expect.arrayContaining([uploaded.id, named.id]));
    expect(new Set(census.map((f: { timeZone: string }) => f.timeZone))).toEqual(new Set(['America/Chicago']));
    await request(t.server).get(`/mbl/api/files/${uploaded.id}/download`).set('Authorization', `Bearer ${await t.login(colleague.email)}`).expect(404);
    const audit = await db.query(`SELECT description FROM audit_log WHERE employee_id = $1 AND event_type = 'File' ORDER BY id`, [me.employeeId]);
    expect(audit.map((a: { description: string }) => a.description)).toEqual(['Personal document added: My birth certificate', 'Personal document added: notes.txt']);
  });

  it('refuses a file over 10,000,000 bytes, a kind it does not keep, or none, and leaves nothing in storage', async () => {
    const clientId = await cloneAcmeClient(db);
    const me = await createPerson(db, { clientId, registered: true });
    const token = await t.login(me.email);
    const objects = await uploadsCount();
    const tooBig = await request(t.server).post('/mbl/api/files').set('Authorization', `Bearer ${token}`).field('title', 'Huge').attach('file', pdf(FILE_MAX_BYTES + 1), 'huge.pdf').expect(413);
    expect(tooBig.body.message).toBe(FileMessages.tooLarge);
    const wayTooBig = await request(t.server).post('/mbl/api/files').set('Authorization', `Bearer ${token}`).field('title', 'Huger').attach('file', pdf(FILE_MAX_BYTES + 3_000_000), 'huger.pdf').expect(413);
    expect(wayTooBig.body.message).toBe(FileMessages.tooLarge);
    // Exactly the limit is fine.
    await request(t.server).post('/mbl/api/files').set('Authorization', `Bearer ${token}`).field('title', 'Just right').attach('file', pdf(FILE_MAX_BYTES), 'ok.pdf').expect(201);
    const exe = await request(t.server).post('/mbl/api/files').set('Authorization', `Bearer ${token}`).field('title', 'Tool').attach('file', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), 'tool.pdf').expect(400);
    expect(exe.body.errors).toEqual([{ path: 'file', message: FileMessages.typeNotAllowed }]);
    const none = await request(t.server).post('/mbl/api/files').set('Authorization', `Bearer ${token}`).field('title', 'Nothing').expect(400);
    expect(none.body.errors).toEqual([{ path: 'file', message: FileMessages.uploadError }]);
    const two = await request(t.server).post('/mbl/api/files').set('Authorization', `Bearer ${token}`).attach('file', pdf(10), 'a.pdf').attach('file', pdf(10), 'b.pdf');
    expect(two.status).toBe(400);
    await request(t.server).post('/mbl/api/files').set('Authorization', `Bearer ${token}`).set('Content-Type', 'multipart/form-data; boundary=x').send('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF').expect(400);
    expect(await uploadsCount()).toBe(objects + 1);
    const rows = await db.query(`SELECT title FROM file WHERE employee_id = $1`, [me.employeeId]);
    expect(rows).toEqual([{ title: 'Just right' }]);
  });
});
