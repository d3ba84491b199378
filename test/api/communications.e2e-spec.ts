import request from 'supertest';
import { CommunicationMessages, notSetUpWarning } from '../../api/src/contracts/communications';
import { Messages } from '../../api/src/contracts/messages';
import { JobIds } from '../../api/src/core/jobs/job-registry';
import { JobsService } from '../../api/src/core/jobs/jobs.service';
import { RecipientLedger } from '../../api/src/modules/communications/recipient-ledger';
import { NoTenantContextError, RequestContext } from '../../api/src/core/context/request-context';
import { CampaignSender } from '../../api/src/modules/communications/campaign-sender.service';
import { QueueName } from '../../api/src/core/queues/queue-names';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { cloneAcmeClient, createOtherTenant, createPerson } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';
import { until } from '../support/wait';

/**
 * Communications (document 3 sections 2.8 and 7) and the contact page (2.11): campaigns really sent by the
 * workers to the SMTP sink, their progress, and every refusal. Each test works in a client of its own.
 */
describe('communications and the contact page', () => {
  const suite = appWithWorkers();
  const api = (path: string) => `/mbl/api${path}`;

  /** A client of its own with an HR administrator and `n` registered employees. */
  async function world(n = 2) {
    const { db, t } = suite;
    const clientId = await cloneAcmeClient(db);
    const hr = await createPerson(db, { clientId, registered: true, roleType: 1, firstName: 'Hanna' });
    const people = [];
    for (let i = 0; i < n; i += 1) people.push(await createPerson(db, { clientId, registered: true, firstName: `Em${i}` }));
    return { clientId, hr, people, token: await t.login(hr.email) };
  }

  const progressOf = async (token: string, id: number) => (await request(suite.t.server).get(api(`/campaigns/${id}`)).set('Authorization', `Bearer ${token}`).expect(200)).body;
  const whenDone = (token: string, id: number) => until(async () => ((await progressOf(token, id)).done ? progressOf(token, id) : null), `campaign ${id} to finish`, 30_000);

  it('the message board lists the active employees with their flags and counts, and only for HR', async () => {
    const { db, t } = suite;
    const w = await world(1);
    const invited = await createPerson(db, { clientId: w.clientId, firstName: 'Newbie' });
    const noEmail = await createPerson(db, { clientId: w.clientId, accountless: true, firstName: 'Nomail' });
    await db.query(`UPDATE employee SET email = NULL WHERE id = $1`, [noEmail.employeeId]);
    await createPerson(db, { clientId: w.clientId, terminated: true, firstName: 'Gone' });
    const other = await createOtherTenant(db);

    const board = (await request(t.server).get(api('/message-board')).set('Authorization', `Bearer ${w.token}`).expect(200)).body;
    const ids = board.employees.map((e: { id: number }) => e.id).sort((a: number, b: number) => a - b);
    expect(ids).toEqual([w.hr.employeeId, w.people[0]!.employeeId, invited.employeeId, noEmail.employeeId].sort((a, b) => a - b));
    expect(ids).not.toContain(other.employeeId);
    expect(board.userCounts).toEqual([4, 2, 1]);
    expect(notSetUpWarning(board.userCounts[2])).toBe('There is 1 employee that is not properly set up. They will not get email notifications.');
    expect(notSetUpWarning(3)).toBe('There are 3 employees that are not properly set up. They will not get email notifications.');
    const registered = board.employees.find((e: { id: number }) => e.id === w.people[0]!.employeeId);
    expect(registered.progressTracking & 2).toBe(2);
    expect(board.employees.find((e: { id: number }) => e.id === invited.employeeId)).toMatchObject({ progressTracking: 0, welcomeEmailSentDate: null, registrationDate: null });
    expect(board.employees.find((e: { id: number }) => e.id === noEmail.employeeId).email).toBeNull();
    expect(board.openEnrollmentPeriod).toBeNull();

    const employee = await t.login(w.people[0]!.email);
    await request(t.server).get(api('/message-board')).set('Authorization', `Bearer ${employee}`).expect(403);
    await request(t.server).post(api('/send-emails')).set('Authorization', `Bearer ${employee}`).send({ recipients: { [w.hr.employeeId]: w.hr.email }, emailType: 3, comment: '<p>x</p>' }).expect(403);
  });

  it('a custom email: sanitised HTML in the client\'s frame reaches every chosen employee once, and progress says so', async () => {
    const { db, t, mail } = suite;
    const w = await world(3);
    await db.query(`UPDATE client SET header_color = '#0f766e' WHERE id = $1`, [w.clientId]);
    const chosen = w.people.slice(0, 2);
    const mark = mail.mark();
    const comment = '<p>Hello <strong>team</strong>, see <a href="https://example.com/benefits">the guide</a>.</p><script>alert(1)</script><img src="https://tracker.example/p.gif" onerror="x()">';
    const sent = (
      await request(t.server)
        .post(api('/send-emails'))
        .set('Authorization', `Bearer ${w.token}`)
        .send({ recipients: Object.fromEntries(chosen.map((p) => [p.employeeId, p.email])), emailType: 3, comment })
        .expect(200)
    ).body;
    expect(sent.alreadyRunning).toBe(false);
    expect(sent.campaign).toMatchObject({ emailType: 3, total: 2 });
    const done = await whenDone(w.token, sent.campaign.id);
    expect(done).toMatchObject({ total: 2, sent: 2, failed: 0, pending: 0, done: true, failures: [] });

    for (const p of chosen) {
      const message = await mail.next(p.email, /^A message from Acme Clone/, mark);
      expect(message.html).toContain('<strong>team</strong>');
      expect(message.html).toContain('href="https://example.com/benefits"');
      expect(message.html).not.toMatch(/<script|onerror|tracker\.example/);
      expect(message.html).toContain('background-color:#0f766e;');
      expect(message.text).toContain('Hello team');
    }
    // Exactly one each, and nothing for the employee not chosen.
    const received = (p: { email: string }) => mail.mailbox.messages().filter((m) => !mark.has(m.id) && m.envelopeTo.includes(p.email.toLowerCase())).length;
    expect(w.people.map(received)).toEqual([1, 1, 0]);
    const stored = (await db.query('SELECT comment_html FROM campaign WHERE id = $1', [sent.campaign.id]))[0].comment_html;
    expect(stored).not.toMatch(/<script|<img|onerror/);
    // One audit entry for the send.
    const audit = await db.query(`SELECT description FROM audit_log WHERE client_id = $1 AND event_type = 'Communications'`, [w.clientId]);
    expect(audit).toEqual([{ description: 'Custom sent to 2 employees' }]);
  });

  it("a custom email's subject (issue 28 item 5): kept with the campaign, on every email, and the preview is the email sent", async () => {
    const { db, t, mail } = suite;
    const w = await world(2);
    await db.query(`UPDATE client SET header_color = '#7c2d12' WHERE id = $1`, [w.clientId]);
    const [client] = await db.query('SELECT name FROM client WHERE id = $1', [w.clientId]);
    const comment = '<p>The <strong>benefits fair</strong> is on Friday.</p><script>alert(1)</script>';
    const subject = 'Benefits fair: Friday & snacks <noon>';
    const auth = { Authorization: `Bearer ${w.token}` };

    // The preview of the first recipient: the client's frame around the sanitised message, greeted by name.
    const preview = (await request(t.server).post(api('/campaigns/preview')).set(auth).send({ subject: `  ${subject} `, comment, employeeId: w.people[1]!.employeeId }).expect(200)).body;
    expect(preview.subject).toBe(subject);
    expect(preview.recipient).toEqual({ employeeId: w.people[1]!.employeeId, firstName: 'Em1', lastName: 'Ture' });
    expect(preview.html).toContain('background-color:#7c2d12;');
    expect(preview.html).toContain(`${client.name} · `);
    expect(preview.html).toContain('Hello Em1,');
    expect(preview.html).toContain('<strong>benefits fair</strong>');
    expect(preview.html).toContain('<title>Benefits fair: Friday &amp; snacks &lt;noon&gt;</title>');
    expect(preview.html).not.toContain('<script');

    const mark = mail.mark();
    const sent = (
      await request(t.server)
        .post(api('/send-emails'))
        .set(auth)
        .send({ recipients: Object.fromEntries(w.people.map((p) => [p.employeeId, p.email])), emailType: 3, comment, subject })
        .expect(200)
    ).body;
    expect(sent.campaign).toMatchObject({ emailType: 3, subject, total: 2 });
    await whenDone(w.token, sent.campaign.id);
    expect((await db.query('SELECT subject FROM campaign WHERE id = $1', [sent.campaign.id]))[0].subject).toBe(subject);
    for (const [i, p] of w.people.entries()) {
      const message = await mail.next(p.email, /^Benefits fair/, mark);
      expect(message.subject).toBe(subject);
      expect(message.html).toContain(`Hello Em${i},`);
    }
    // What the preview showed is what Em1 received, byte for byte (line endings aside).
    const received = await mail.next(w.people[1]!.email, /^Benefits fair/, mark);
    const lines = (html: string | null) => (html ?? '').replace(/\r\n/g, '\n').trimEnd();
    expect(lines(received.html)).toBe(lines(preview.html));
    expect(received.text.replace(/\r\n/g, '\n').trim()).toBe(preview.text.trim());

    // Without a subject (absent or blank): 'A message from {client}', kept with the campaign too.
    for (const blank of [undefined, '   ']) {
      const mark2 = mail.mark();
      const body = { recipients: { [w.people[0]!.employeeId]: w.people[0]!.email }, emailType: 3, comment: '<p>Plain</p>', ...(blank === undefined ? {} : { subject: blank }) };
      const plain = (await request(t.server).post(api('/send-emails')).set(auth).send(body).expect(200)).body;
      expect(plain.campaign.subject).toBe(`A message from ${client.name}`);
      await whenDone(w.token, plain.campaign.id);
      expect((await mail.next(w.people[0]!.email, /^A message from /, mark2)).subject).toBe(`A message from ${client.name}`);
    }
    const byDefault = (await request(t.server).post(api('/campaigns/preview')).set(auth).send({ comment: '<p>Plain</p>' }).expect(200)).body;
    expect(byDefault.subject).toBe(`A message from ${client.name}`);
    // The message board says what an empty subject sends.
    expect((await request(t.server).get(api('/message-board')).set(auth).expect(200)).body.defaultSubject).toBe(`A message from ${client.name}`);
    // Without an employee named: the first who can receive it by name (the list's order).
    const [first] = await db.query(
      `SELECT e.id FROM employee e LEFT JOIN account a ON a.id = e.account_id WHERE e.client_id = $1 AND NOT e.terminated AND coalesce(a.email, e.email) IS NOT NULL ORDER BY e.last_name, e.first_name, e.id LIMIT 1`,
      [w.clientId],
    );
    expect(byDefault.recipient.employeeId).toBe(first.id);
    // Other types keep no subject.
    expect((await db.query(`SELECT count(*)::int AS n FROM campaign WHERE client_id = $1 AND email_type = 3 AND subject IS NULL`, [w.clientId]))[0].n).toBe(0);
  });

  it('the preview and the subject refuse what they must, never with a 500', async () => {
    const { db, t } = suite;
    const w = await world(1);
    const other = await createOtherTenant(db);
    const auth = { Authorization: `Bearer ${w.token}` };
    const preview = (body: object) => request(t.server).post(api('/campaigns/preview')).set(auth).send(body);
    const messageOf = (res: request.Response) => res.body.errors?.[0]?.message ?? res.body.message;
    expect(messageOf(await preview({ comment: '<p>Hi</p>', subject: 'x'.repeat(151) }).expect(400))).toBe(CommunicationMessages.subjectMax);
    expect(messageOf(await preview({ comment: '<p>Hi</p>', subject: 'Hi\r\nBcc: all@example.com' }).expect(400))).toBe(CommunicationMessages.subjectOneLine);
    expect(messageOf(await preview({ comment: '<p> </p>' }).expect(400))).toBe(CommunicationMessages.commentRequired);
    expect(messageOf(await preview({ comment: '<img src=x onerror=alert(1)>' }).expect(400))).toBe(CommunicationMessages.commentRequired);
    await preview({ comment: '<p>Hi</p>', employeeId: 'abc' }).expect(400);
    await preview({ comment: '<p>Hi</p>', employeeId: 99999999999 }).expect(400);
    await preview({ comment: '<p>Hi</p>', subject: 42 }).expect(400);
    // Another client's employee, or a terminated one, is not found.
    expect(messageOf(await preview({ comment: '<p>Hi</p>', employeeId: other.employeeId }).expect(404))).toBe(CommunicationMessages.recipientNotFound);
    const gone = await createPerson(db, { clientId: w.clientId, terminated: true });
    await preview({ comment: '<p>Hi</p>', employeeId: gone.employeeId }).expect(404);
    const send = (subject: unknown) => request(t.server).post(api('/send-emails')).set(auth).send({ recipients: { [w.people[0]!.employeeId]: '' }, emailType: 3, comment: '<p>Hi</p>', subject });
    expect(messageOf(await send('y'.repeat(151)).expect(400))).toBe(CommunicationMessages.subjectMax);
    expect(messageOf(await send('a\nb').expect(400))).toBe(CommunicationMessages.subjectOneLine);
    expect((await db.query('SELECT count(*)::int AS n FROM campaign WHERE client_id = $1', [w.clientId]))[0].n).toBe(0);
    // Only HR (communications:send) previews.
    const employee = await t.login(w.people[0]!.email);
    await request(t.server).post(api('/campaigns/preview')).set('Authorization', `Bearer ${employee}`).send({ comment: '<p>Hi</p>' }).expect(403);
  });

  it('a second send while a campaign of that type is still sending answers the running one and sends nothing', async () => {
    const { db, t } = suite;
    const w = await world(1);
    // A campaign still sending: a recipient not done yet.
    const [running] = await db.query(`INSERT INTO campaign (client_id, email_type, comment_html, created_by, total) VALUES ($1, 3, '<p>x</p>', $2, 1) RETURNING id`, [w.clientId, w.hr.accountId]);
    await db.query(`INSERT INTO campaign_recipient (campaign_id, employee_id, client_id, email, first_name) VALUES ($1, $2, $3, $4, 'Em0')`, [running.id, w.people[0]!.employeeId, w.clientId, w.people[0]!.email]);
    const body = { recipients: { [w.people[0]!.employeeId]: w.people[0]!.email }, emailType: 3, comment: '<p>Again</p>' };
    const [a, b] = await Promise.all([0, 1].map(() => request(t.server).post(api('/send-emails')).set('Authorization', `Bearer ${w.token}`).send(body)));
    for (const res of [a!, b!]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ alreadyRunning: true, campaign: { id: running.id, pending: 1 } });
    }
    expect((await db.query('SELECT count(*)::int AS n FROM campaign WHERE client_id = $1', [w.clientId]))[0].n).toBe(1);
    // Another type is not held up by it.
    await db.query(`UPDATE campaign_recipient SET status = 'sent' WHERE campaign_id = $1`, [running.id]);
    const next = (await request(t.server).post(api('/send-emails')).set('Authorization', `Bearer ${w.token}`).send(body).expect(200)).body;
    expect(next.alreadyRunning).toBe(false);
    await whenDone(w.token, next.campaign.id);
  });

  it('refuses what cannot be sent: nobody, someone of another client, an empty custom message, an invite without a period', async () => {
    const { db, t } = suite;
    const w = await world(1);
    const other = await createOtherTenant(db);
    const post = (body: object) => request(t.server).post(api('/send-emails')).set('Authorization', `Bearer ${w.token}`).send(body);
    const me = { [w.people[0]!.employeeId]: w.people[0]!.email };
    expect((await post({ recipients: {}, emailType: 3, comment: '<p>x</p>' }).expect(400)).body.errors).toEqual([{ path: 'recipients', message: CommunicationMessages.noRecipients }]);
    expect((await post({ recipients: { ...me, [other.employeeId]: other.email }, emailType: 3, comment: '<p>x</p>' }).expect(400)).body.errors).toEqual([
      { path: 'recipients', message: CommunicationMessages.unknownRecipients },
    ]);
    expect((await post({ recipients: me, emailType: 3, comment: '<p><br></p><script>alert(1)</script>' }).expect(400)).body.errors).toEqual([{ path: 'comment', message: CommunicationMessages.commentRequired }]);
    expect((await post({ recipients: me, emailType: 2 }).expect(400)).body.message).toBe(CommunicationMessages.noPeriod);
    // The welcome email is for those who have not registered: a registered employee cannot be chosen.
    expect((await post({ recipients: me, emailType: 1 }).expect(400)).body.errors).toEqual([{ path: 'recipients', message: CommunicationMessages.unknownRecipients }]);
    await post({ recipients: me, emailType: 7 }).expect(400);
    await post({ recipients: { 'not-a-number': 'x' }, emailType: 3, comment: '<p>x</p>' }).expect(400);
    expect((await db.query('SELECT count(*)::int AS n FROM campaign WHERE client_id = $1', [w.clientId]))[0].n).toBe(0);
    await request(t.server).get(api('/campaigns/999999999')).set('Authorization', `Bearer ${w.token}`).expect(404);
  });

  it('the welcome email carries a fresh registration link that works, and the progress flags follow', async () => {
    const { db, t, mail } = suite;
    const w = await world(0);
    const newbie = await createPerson(db, { clientId: w.clientId, firstName: 'Wendy' });
    const mark = mail.mark();
    const sent = (await request(t.server).post(api('/send-emails')).set('Authorization', `Bearer ${w.token}`).send({ recipients: {}, all: true, emailType: 1 }).expect(200)).body;
    expect(sent.campaign.total).toBe(1);
    await whenDone(w.token, sent.campaign.id);
    const message = await mail.next(newbie.email, /^Welcome to/, mark);
    const link = linkFrom(message, '/mbl/registration');
    const token = link.searchParams.get('token')!;
    await request(t.server).get(api(`/registration?token=${token}`)).expect(200);
    const board = (await request(t.server).get(api('/message-board')).set('Authorization', `Bearer ${w.token}`).expect(200)).body;
    const row = board.employees.find((e: { id: number }) => e.id === newbie.employeeId);
    expect(row.progressTracking & 1).toBe(1);
    expect(row.welcomeEmailSentDate).not.toBeNull();
  });

  it('a recipient who cannot be sent to shows as failed with the reason', async () => {
    const { db, t } = suite;
    const w = await world(1);
    // Chosen while unregistered, registered before the worker got to them.
    const [campaign] = await db.query(`INSERT INTO campaign (client_id, email_type, created_by, total) VALUES ($1, 1, $2, 1) RETURNING id`, [w.clientId, w.hr.accountId]);
    await db.query(`INSERT INTO campaign_recipient (campaign_id, employee_id, client_id, email, first_name) VALUES ($1, $2, $3, $4, 'Em0')`, [campaign.id, w.people[0]!.employeeId, w.clientId, w.people[0]!.email]);
    await suite.t.app.get(JobsService).queue('communications.fan-out', { campaignId: campaign.id, clientId: w.clientId, requestedBy: w.hr.accountId }, { jobId: JobIds.campaignFanOut(campaign.id) });
    const done = await whenDone(w.token, campaign.id);
    expect(done).toMatchObject({ sent: 0, failed: 1, pending: 0, failures: [{ employeeId: w.people[0]!.employeeId, firstName: 'Em0', reason: 'Already registered' }] });
    await t.login(w.people[0]!.email);
  });

  it('a recipient is held by one sender at a time, everywhere, and ends once; a lost connection lets its recipients go', async () => {
    const { db, t } = suite;
    const w = await world(3);
    const [campaign] = await db.query(`INSERT INTO campaign (client_id, email_type, comment_html, created_by, total) VALUES ($1, 3, '<p>x</p>', $2, 3) RETURNING id`, [w.clientId, w.hr.accountId]);
    for (const p of w.people) {
      await db.query(`INSERT INTO campaign_recipient (campaign_id, employee_id, client_id, email, first_name) VALUES ($1, $2, $3, $4, 'Em')`, [campaign.id, p.employeeId, w.clientId, p.email]);
    }
    const [one, two, three] = w.people.map((p) => ({ campaignId: campaign.id as number, employeeId: p.employeeId }));
    const rowOf = async (employeeId: number) => (await db.query('SELECT status, last_error FROM campaign_recipient WHERE campaign_id = $1 AND employee_id = $2', [campaign.id, employeeId]))[0];
    // This process's ledger and another's (its own connection), like two workers.
    const context = t.app.get(RequestContext);
    const here = t.app.get(RecipientLedger);
    const there = new RecipientLedger(db, context);
    // As a send job of the client runs them.
    const asJob = <T>(work: () => Promise<T>) => context.runAs({ clientId: w.clientId, requestedBy: null }, work);
    try {
      await asJob(async () => {
        expect(await here.claim(one!)).toEqual({ status: 'pending', email: w.people[0]!.email, firstName: 'Em' });
        expect(await here.claim(one!)).toBe('busy');
        expect(await there.claim(one!)).toBe('busy');
        await here.release(one!, { status: 'sent' });
        expect(await rowOf(one!.employeeId)).toEqual({ status: 'sent', last_error: null });
        expect(await there.claim(one!)).toBe('finished');

        // The reason is stored as given, quotes and all.
        expect(await there.claim(two!)).toMatchObject({ status: 'pending' });
        await there.release(two!, { status: 'failed', reason: "Mail server: 550 it's gone; \\ really" });
        expect(await rowOf(two!.employeeId)).toEqual({ status: 'failed', last_error: "Mail server: 550 it's gone; \\ really" });

        // The holder's connection dies mid-send: the recipient is free for another sender at once, and the
        // first one's outcome still lands (it did send), without touching the other's lock.
        expect(await here.claim(three!)).toMatchObject({ status: 'pending' });
        const [holder] = await db.query(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2`, [campaign.id, three!.employeeId]);
        await db.query('SELECT pg_terminate_backend($1)', [holder.pid]);
        await until(async () => ((await there.claim(three!)) !== 'busy' ? true : null), 'the lock to end with its connection');
        await here.release(three!, { status: 'sent' });
        expect(await rowOf(three!.employeeId)).toEqual({ status: 'sent', last_error: null });
        expect(await here.claim(three!)).toBe('busy');
        await there.release(three!, null);
        expect(await here.claim(three!)).toBe('finished');

        // Nobody to send to (not visible yet): said so, and not left held.
        const nobody = { ...one!, employeeId: 2_000_000_000 };
        expect(await here.claim(nobody)).toBe('missing');
        await until(async () => ((await there.claim(nobody)) === 'missing' ? true : null), 'the missing recipient to be let go');
      });
      // Another client's job finds no such recipient (the client is the job's own), and outside a job or a
      // request there is no client to act for: refused, nothing claimed.
      const other = await createOtherTenant(db);
      expect(await context.runAs({ clientId: other.clientId, requestedBy: null }, () => here.claim(two!))).toBe('missing');
      expect(() => here.claim(one!)).toThrow(NoTenantContextError);
    } finally {
      await there.onModuleDestroy();
    }
  });

  it('the re-drive sweep leaves a campaign that is still moving alone and queues the rest of one that stalled', async () => {
    const { db, t, mail } = suite;
    const w = await world(2);
    const [moving, waiting] = w.people;
    const [campaign] = await db.query(
      `INSERT INTO campaign (client_id, email_type, comment_html, created_by, total, created_at, fanned_out_at) VALUES ($1, 3, '<p>Still here</p>', $2, 2, now() - interval '1 hour', now() - interval '1 hour') RETURNING id`,
      [w.clientId, w.hr.accountId],
    );
    await db.query(
      `INSERT INTO campaign_recipient (campaign_id, employee_id, client_id, email, first_name, status, updated_at)
       VALUES ($1, $2, $3, $4, 'Em0', 'sent', now()), ($1, $5, $3, $6, 'Em1', 'pending', now() - interval '1 hour')`,
      [campaign.id, moving!.employeeId, w.clientId, moving!.email, waiting!.employeeId, waiting!.email],
    );
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Campaigns));
    const jobOf = () => queue.getJob(JobIds.campaignRecipient(campaign.id, waiting!.employeeId));
    const sender = t.app.get(CampaignSender);
    // A recipient sent a moment ago: the campaign is moving (its pending recipients' jobs are waiting their turn).
    await sender.redrive(60);
    expect(await jobOf()).toBeUndefined();
    // Nothing sent for five times the grace: the pending recipient is queued again and gets the email once.
    await db.query(`UPDATE campaign_recipient SET updated_at = now() - interval '1 hour' WHERE campaign_id = $1`, [campaign.id]);
    const mark = mail.mark();
    await sender.redrive(60);
    expect(await jobOf()).toBeDefined();
    const message = await mail.next(waiting!.email, /^A message from Acme Clone/, mark);
    expect(message.text).toContain('Still here');
    expect(await whenDone(w.token, campaign.id)).toMatchObject({ total: 2, sent: 2, pending: 0 });
  });

  describe('contacts', () => {
    it('lists the client\'s contacts and emails a message to one, answering to the employee', async () => {
      const { db, t, mail } = suite;
      const w = await world(1);
      const [hrContact] = await db.query(`INSERT INTO contact (client_id, contact_type, first_name, last_name, phone, email) VALUES ($1, 'hr', 'Cora', 'Tact', '555-000-1111', $2) RETURNING id`, [
        w.clientId,
        `cora.${w.clientId}@acme.test`,
      ]);
      const [agent] = await db.query(`INSERT INTO contact (client_id, contact_type, first_name, last_name, email) VALUES ($1, 'agent', 'Abe', 'Gent', $2) RETURNING id`, [
        w.clientId,
        `abe.${w.clientId}@harbor.test`,
      ]);
      const employee = await t.login(w.people[0]!.email);
      const list = (await request(t.server).get(api('/contacts')).set('Authorization', `Bearer ${employee}`).expect(200)).body;
      expect(list).toEqual([
        { contactId: hrContact.id, firstName: 'Cora', lastName: 'Tact', phone: '555-000-1111', email: `cora.${w.clientId}@acme.test`, contactType: 'hr' },
        { contactId: agent.id, firstName: 'Abe', lastName: 'Gent', phone: null, email: `abe.${w.clientId}@harbor.test`, contactType: 'agent' },
      ]);
      const mark = mail.mark();
      await request(t.server).post(api('/contacts')).set('Authorization', `Bearer ${employee}`).send({ contactId: hrContact.id, contactType: 'hr', message: 'When does dental start?\n\n<b>Thanks</b>' }).expect(200, { success: true });
      const message = await mail.next(`cora.${w.clientId}@acme.test`, /^Message from Em0 Ture through/, mark);
      expect(message.replyTo).toContain(w.people[0]!.email.toLowerCase());
      expect(message.text).toContain('When does dental start?');
      expect(message.html).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
      expect(message.text).toContain('Contact HR');
    });

    it('refuses an empty form, another client\'s contact and a contact of the other form', async () => {
      const { db, t } = suite;
      const w = await world(1);
      const other = await createOtherTenant(db);
      const [theirs] = await db.query(`INSERT INTO contact (client_id, contact_type, first_name, last_name, email) VALUES ($1, 'hr', 'Other', 'Hr', 'other.hr@example.test') RETURNING id`, [other.clientId]);
      const [mine] = await db.query(`INSERT INTO contact (client_id, contact_type, first_name, last_name, email) VALUES ($1, 'agent', 'My', 'Agent', 'my.agent@example.test') RETURNING id`, [w.clientId]);
      const employee = await t.login(w.people[0]!.email);
      const post = (body: object) => request(t.server).post(api('/contacts')).set('Authorization', `Bearer ${employee}`).send(body);
      const empty = (await post({ contactType: 'hr', contactId: '', message: '  ' }).expect(400)).body.errors;
      expect(empty).toEqual(expect.arrayContaining([{ path: 'contactId', message: Messages.fieldRequired }, { path: 'message', message: Messages.fieldRequired }]));
      await post({ contactType: 'hr', contactId: theirs.id, message: 'hi' }).expect(404);
      await post({ contactType: 'hr', contactId: mine.id, message: 'hi' }).expect(404);
      await post({ contactType: 'boss', contactId: mine.id, message: 'hi' }).expect(400);
      // Nothing to list for a client without contacts: the page shows its empty texts.
      const lonely = await world(1);
      expect((await request(t.server).get(api('/contacts')).set('Authorization', `Bearer ${await t.login(lonely.people[0]!.email)}`).expect(200)).body).toEqual([]);
    });
  });
});
