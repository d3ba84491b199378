import 'reflect-metadata';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ALL_QUEUES } from '../../api/src/core/queues/queue-names';
import { SecuredDataCipher } from '../../api/src/core/crypto/secured-data';
import { EmailRenderer } from '../../api/src/core/mail/email-renderer';
import type { EmailTemplateData } from '../../api/src/core/mail/email-templates';
import { WorkersModule } from '../../workers/src/workers.module';
import { createTestApp, type TestApp } from '../support/app';
import { auditRows, copyOfJane, createPerson } from '../support/fixtures';
import { canvasPng, dataUrl, strokePng } from '../support/png';

/** The text a page shows: pdf-lib writes standard-font text as hex strings in Flate-compressed content streams. */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  let out = '';
  for (const s of streams) {
    if (!(s instanceof PDFRawStream)) continue;
    const ops = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
    for (const m of ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) out += `${Buffer.from(m[1]!, 'hex').toString('latin1')}\n`;
  }
  return out;
}

async function until<T>(probe: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * POST /forms end to end: the API stores the drawing and queues the PDF; the workers (in this process, on a
 * queue prefix of their own) render it; the test downloads it and reads the text back with pdf-lib.
 */
describe('registration signature and the signed enrollment summary', () => {
  let t: TestApp;
  let workers: INestApplicationContext;
  let db: DataSource;
  const prefix = `${process.env.QUEUE_PREFIX ?? 'bptest'}_sig_${Date.now().toString(36)}`;

  beforeAll(async () => {
    process.env.QUEUE_PREFIX = prefix;
    // The API of this file hosts the SMTP sink, if anyone; the workers only need the documents queue.
    process.env.DEV_MAILBOX_SINK = 'off';
    t = await createTestApp();
    workers = await NestFactory.createApplicationContext(WorkersModule, { logger: false });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await Promise.all(ALL_QUEUES.map((name) => workers.get<Queue>(getQueueToken(name)).obliterate({ force: true }).catch(() => undefined)));
    await workers.close();
    await t.close();
  });

  const api = () => request(t.server);
  const auth = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });

  it('refuses what is not a drawn PNG', async () => {
    const jwt = await t.login((await janeCopy()).email);
    const cases: Array<[unknown, string]> = [
      [{}, 'Please sign in the box'],
      [{ signature: 'data:image/jpeg;base64,/9j/4AAQ' }, 'The signature must be a PNG image'],
      [{ signature: `data:image/png;base64,${Buffer.from('not a png at all, just some text bytes here....').toString('base64')}` }, 'The signature must be a PNG image'],
      [{ signature: dataUrl(canvasPng(200, 80, () => false)) }, 'The signature is empty. Please sign in the box'],
      [{ signature: dataUrl(canvasPng(200, 80, (x, y) => x === 50 && y === 20)) }, 'The signature is empty. Please sign in the box'],
    ];
    for (const [body, message] of cases) {
      const res = await api().post('/mbl/api/forms').set(auth(jwt)).send(body as object).expect(400);
      expect({ body, message: res.body.message }).toEqual({ body, message });
    }
    const huge = await api().post('/mbl/api/forms').set(auth(jwt)).send({ signature: `data:image/png;base64,${'A'.repeat(150_000)}` });
    expect([400, 413]).toContain(huge.status);
  });

  /** Jana Doe, the test's own copy of jane's family and elections: signing changes her, not the seeded jane. */
  let signer: { email: string; employeeId: number } | undefined;
  const janeCopy = async () => (signer ??= await copyOfJane(db, 'Jana'));

  it("stores the signature as the employee's file and the signed PDF with her elections, dependents, cost, date and IP", async () => {
    const { email, employeeId: janeId } = await janeCopy();
    const jwt = await t.login(email);
    const png = strokePng();
    const res = await api().post('/mbl/api/forms').set(auth(jwt)).set('X-Forwarded-For', '203.0.113.7').send({ signature: dataUrl(png) }).expect(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), imageFileId: expect.any(Number), summaryFileId: null });

    const image = await api().get(`/mbl/api/files/${res.body.imageFileId}/download`).set(auth(jwt)).expect(200);
    expect(image.headers['content-type']).toContain('image/png');
    expect(Buffer.from(image.body as Buffer).equals(png)).toBe(true);

    const signed = await until(async () => {
      const s = await api().get('/mbl/api/forms/signature').set(auth(jwt)).expect(200);
      return s.body.summaryFileId ? (s.body as { summaryFileId: number }) : null;
    });
    const files: Array<{ employee_id: number; file_type: string; content_type: string }> = await db.query('SELECT employee_id, file_type, content_type FROM file WHERE id = $1', [signed.summaryFileId]);
    expect(files[0]).toEqual({ employee_id: janeId, file_type: 'personal', content_type: 'application/pdf' });

    const pdfRes = await api().get(`/mbl/api/files/${signed.summaryFileId}/download`).set(auth(jwt)).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    const bytes = pdfRes.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Enrollment Summary - Jana Doe');
    const text = pdf.getPages().map(pageText).join('\n');

    const summary = (await api().get('/mbl/api/summary').set(auth(jwt)).expect(200)).body as Array<{ status: string; planName: string; contributionAmount: string }>;
    const elected = summary.filter((s) => s.status === '1');
    expect(elected.length).toBeGreaterThan(2);
    for (const e of elected) expect(text).toContain(e.planName);
    expect(text).toContain('Plans You Elected');
    expect(text).toContain('Plans You Declined');
    expect(text).toContain('John Doe');
    expect(text).toContain('Lily Doe');
    const totalCents = elected.reduce((sum, e) => sum + Math.round(Number(e.contributionAmount) * 100), 0);
    const total = `$${(totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text).toMatch(new RegExp(`Total per paycheck\\n${total.replace(/[$.]/g, '\\$&')}`));
    expect(text).toContain('from IP address 203.0.113.7');
    const today = new Date();
    expect(text).toContain(`${String(today.getUTCMonth() + 1).padStart(2, '0')}/${String(today.getUTCDate()).padStart(2, '0')}/${today.getUTCFullYear()}`);
    expect(text).not.toMatch(/\d{3}-\d{2}-\d{4}/);
    // The signature image is embedded.
    const xobjects = pdf.getPages()[0]!.node.Resources()?.lookup(PDFName.of('XObject'));
    expect(xobjects).toBeDefined();

    const audit = (await auditRows(db, janeId)).filter((a) => a.event_type === 'Signature');
    expect(audit.map((a) => a.description)).toEqual(expect.arrayContaining(['Enrollment signed by Jana Doe', 'Signed enrollment summary stored']));
    // Signed: the Signature step may now be recorded (right after Additional Information), then Summary.
    await db.query(`UPDATE account SET registration_step = 9 WHERE id = (SELECT account_id FROM employee WHERE id = $1)`, [janeId]);
    await api().put('/mbl/api/me').set(auth(jwt)).send({ step: 10 }).expect(200);
    await api().put('/mbl/api/me').set(auth(jwt)).send({ step: 0 }).expect(200);

    // Finishing queued one confirmation email (decisions section 5) with what was signed and a link that
    // needs a login: no token in it.
    const mails: Array<{ to_address: string; subject: string; data_enc: string }> = await db.query(
      `SELECT to_address, subject, data_enc FROM email_message WHERE idempotency_key = $1`,
      [`enrollment-confirmation:${res.body.id}`],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: email, subject: 'Your benefit elections are signed' });
    const data = JSON.parse(t.app.get(SecuredDataCipher).decrypt(mails[0]!.data_enc)!) as EmailTemplateData['enrollment-confirmation'];
    const mail = t.app.get(EmailRenderer).render('enrollment-confirmation', data, mails[0]!.subject).text;
    for (const e of elected) expect(mail).toContain(e.planName);
    expect(mail).toContain(`You pay ${total} per paycheck`);
    expect(mail).toMatch(/https?:\/\/\S+\/mbl\/signed-summary(\s|$)/);
    expect(mail).not.toMatch(/token=/);
  });

  it("another employee cannot open the signer's files (HR of the client can, in the census), and an unsigned employee cannot record the step", async () => {
    const jane = await t.login((await janeCopy()).email);
    const { summaryFileId, imageFileId } = (await api().get('/mbl/api/forms/signature').set(auth(jane)).expect(200)).body as { summaryFileId: number; imageFileId: number };
    const sam = await t.login('sam@acme.test').catch(() => null);
    const colleague = await t.login((await createPerson(db, { registered: true })).email);
    for (const jwt of [sam, colleague].filter((x): x is string => x !== null)) {
      await api().get(`/mbl/api/files/${summaryFileId}/download`).set(auth(jwt)).expect(404);
      await api().get(`/mbl/api/files/${imageFileId}/download`).set(auth(jwt)).expect(404);
    }
    // The census Files tab: the client's HR opens an employee's files (another client's HR does not: cross-tenant e2e).
    const hr = await t.login('hr@acme.test');
    await api().get(`/mbl/api/files/${summaryFileId}/download`).set(auth(hr)).expect(200);
    const fresh = await createPerson(db, { registered: true });
    const jwt = await t.login(fresh.email);
    await api().get('/mbl/api/forms/signature').set(auth(jwt)).expect(404);
    await db.query(`UPDATE account SET registration_step = 9 WHERE id = $1`, [fresh.accountId]);
    const refused = await api().put('/mbl/api/me').set(auth(jwt)).send({ step: 10 }).expect(409);
    expect(refused.body.message).toBe('Signature: Please sign your enrollment before you continue');
  });
});
