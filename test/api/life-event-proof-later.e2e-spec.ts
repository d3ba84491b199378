import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { proofMissingMessage } from '../../api/src/contracts/life-events';
import { ControlledClock } from '../../api/src/core/clock/clock';
import { ClockModule } from '../../api/src/core/clock/clock.module';
import { JobIds } from '../../api/src/core/jobs/job-registry';
import { QueueName } from '../../api/src/core/queues/queue-names';
import { jobRunner } from '../support/jobs';
import { copyOfJane } from '../support/fixtures';
import { appWithWorkers } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';

/**
 * Issue 28 item 5 (decisions section 6): a birth may be signed without the birth certificate and with the baby's
 * SSN left empty; HR's approval waits for the certificate (the Action Center's list says it is missing), the
 * employee is reminded by email once, 7 days after signing (the workers' hourly sweep, on one clock the API and
 * the workers share), and the upload lets HR approve.
 */
const clock = new ControlledClock(new Date());
ClockModule.use(clock);

describe('a birth signed before the certificate and the SSN arrive', () => {
  const suite = appWithWorkers();
  afterAll(() => ClockModule.use(null));

  const api = (jwt: string, method: 'get' | 'put' | 'post', path: string) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  /** A day relative to the clock's today in Acme's zone, MM/DD/YYYY. */
  const day = async (offset: number): Promise<string> =>
    (await suite.db.query(`SELECT to_char(($1::timestamptz AT TIME ZONE 'America/New_York')::date + $2::int, 'MM/DD/YYYY') AS d`, [clock.nowIso(), offset]))[0].d as string;

  const clientOf = async (employeeId: number): Promise<number> => (await suite.db.query('SELECT client_id FROM employee WHERE id = $1', [employeeId]))[0].client_id as number;

  const run = jobRunner(suite, 'proof-later');
  /** What the workers' hourly tick queues: the sweep, at the clock's now. */
  const sweep = () => run<{ queued: number }>('life-events.proof-reminders', { tick: clock.nowIso() });

  it('signs without both, HR is refused until the certificate is uploaded, the employee is reminded once after 7 days', async () => {
    const p = await copyOfJane(suite.db, 'Cora');
    const clientId = await clientOf(p.employeeId);
    let jwt = await suite.t.login(p.email);
    const birth = await day(-2);

    // Acme requires SSNs; the baby's has not arrived: saved without it, complete with an alert.
    const baby = (await api(jwt, 'post', '/dependents').send({ relationshipTypeId: '2', firstName: 'Mia', lastName: 'Doe', birthDate: birth, gender: '2', ssn: '' }).expect(201)).body;
    expect(baby).toMatchObject({ ssn: null, completeness: { complete: true, errors: [], alerts: ['SSN is missing!'] } });

    // The wizard: the birth, its date, the baby, medical with the baby; no certificate anywhere on the way.
    await api(jwt, 'put', '/midyear-changes').send({ step: 1, eventType: 1 }).expect(200);
    await api(jwt, 'put', '/midyear-changes').send({ step: 3, effectiveDate: birth }).expect(200);
    await api(jwt, 'put', '/midyear-changes').send({ step: 6, dependentId: baby.id }).expect(200);
    const [medical] = await suite.db.query(
      `SELECT e.id, e.plan_id, ARRAY(SELECT dependent_id FROM enrollment_dependent d WHERE d.enrollment_id = e.id) AS deps FROM enrollment e WHERE e.employee_id = $1 AND e.plan_type_id = 1 AND e.status = 1`,
      [p.employeeId],
    );
    await api(jwt, 'put', `/enrollments/${medical.id}`).send({ status: '1', planId: medical.plan_id, dependents: [...medical.deps, baby.id] }).expect(200);
    await api(jwt, 'put', '/midyear-changes').send({ step: 7 }).expect(200);
    const signed = (await api(jwt, 'post', '/mid-changes').send({ signature: dataUrl(strokePng()) }).expect(200)).body;
    expect(signed).toMatchObject({ status: 'pending', eventType: 1, proofFileId: null });

    // HR: the Action Center's list says the certificate is missing; approving is refused with why; nothing changes.
    const hr = await suite.t.login('hr@acme.test');
    const waiting = async () => ((await api(hr, 'get', '/life-events').expect(200)).body as Array<{ id: number; employeeId: number; proof: unknown; proofMissing: string | null }>).find((l) => l.employeeId === p.employeeId)!;
    const listed = await waiting();
    expect(listed).toMatchObject({ proof: null, proofMissing: 'Birth certificate or adoption papers' });
    const refused = await api(hr, 'post', `/life-events/${listed.id}`).send({ approve: true }).expect(409);
    expect(refused.body.message).toBe(proofMissingMessage('Birth certificate or adoption papers'));
    expect(refused.body.message).toBe('Birth certificate or adoption papers: not uploaded yet. The approval waits until the employee uploads it.');
    expect((await suite.db.query('SELECT status FROM life_event WHERE id = $1', [listed.id]))[0].status).toBe('pending');
    expect((await suite.db.query('SELECT dependent_id FROM enrollment_dependent WHERE enrollment_id = $1', [medical.id])).map((r: { dependent_id: number }) => r.dependent_id)).not.toContain(baby.id);

    // Six days on: the sweep finds nothing due for her.
    const reminderKey = `life-event-proof-reminder:${listed.id}`;
    const mark = suite.mail.mark();
    clock.advanceDays(6);
    await sweep();
    expect(await suite.db.query('SELECT 1 FROM email_message WHERE idempotency_key = $1', [reminderKey])).toEqual([]);
    expect((await suite.db.query('SELECT proof_reminded_at FROM life_event WHERE id = $1', [listed.id]))[0].proof_reminded_at).toBeNull();

    // Seven days on: the reminder arrives through the SMTP sink.
    clock.advanceDays(1);
    expect((await sweep()).queued).toBeGreaterThanOrEqual(1);
    // Under its fixed id: the sweep queueing it again later adds no second job.
    expect(await suite.mail.workers.get<Queue>(getQueueToken(QueueName.Maintenance)).getJob(JobIds.proofReminder(listed.id))).toBeTruthy();
    const reminder = await suite.mail.next(p.email, /^Please upload your birth certificate or adoption papers$/, mark);
    expect(reminder.text).toContain('You reported a life event (Birth or adoption)');
    expect(reminder.text).toContain('HR approves them once you upload your birth certificate or adoption papers.');

    // Once only: the next ticks, and the reminder's own job run again, send nothing more.
    await sweep();
    clock.advanceDays(1);
    await sweep();
    expect(await run<{ sent: boolean }>('life-events.proof-reminder', { lifeEventId: listed.id, clientId, requestedBy: null })).toEqual({ sent: false });
    expect(await suite.db.query('SELECT count(*)::int AS n FROM email_message WHERE idempotency_key = $1', [reminderKey])).toEqual([{ n: 1 }]);
    const sentToHer = suite.mail.mailbox.messages().filter((m) => !mark.has(m.id) && m.envelopeTo.includes(p.email.toLowerCase()) && /^Please upload/.test(m.subject));
    expect(sentToHer).toHaveLength(1);
    // The reminder is audited for the employee.
    expect((await suite.db.query(`SELECT description FROM audit_log WHERE employee_id = $1 AND description LIKE 'Reminder%'`, [p.employeeId])).map((r: { description: string }) => r.description)).toEqual([
      'Reminder emailed: upload the birth certificate or adoption papers',
    ]);

    // The employee uploads the certificate to the waiting event (signed in again: the clock moved a week).
    jwt = await suite.t.login(p.email);
    const uploaded = (await request(suite.t.server).post('/mbl/api/midyear-changes/proof').set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('%PDF-1.4 birth certificate of Mia'), 'birth.pdf').expect(201)).body;
    expect(uploaded).toMatchObject({ status: 'pending', eventType: 1, proofFileId: expect.any(Number) });
    const [{ title }] = await suite.db.query('SELECT f.title FROM life_event l JOIN file f ON f.id = l.proof_file_id WHERE l.id = $1', [listed.id]);
    expect(title).toBe('Birth certificate or adoption papers (Birth or adoption)');

    // HR sees it and approves: the baby is covered from the birth.
    const hrAgain = await suite.t.login('hr@acme.test');
    const now = ((await api(hrAgain, 'get', '/life-events').expect(200)).body as Array<{ id: number; proof: { title: string } | null; proofMissing: string | null }>).find((l) => l.id === listed.id)!;
    expect(now).toMatchObject({ proof: { title: 'Birth certificate or adoption papers (Birth or adoption)' }, proofMissing: null });
    expect((await api(hrAgain, 'post', `/life-events/${listed.id}`).send({ approve: true }).expect(200)).body).toEqual({ status: 'approved' });
    expect((await suite.db.query('SELECT dependent_id FROM enrollment_dependent WHERE enrollment_id = $1', [medical.id])).map((r: { dependent_id: number }) => r.dependent_id)).toContain(baby.id);
    // Decided: a late upload has nothing to attach to.
    await request(suite.t.server).post('/mbl/api/midyear-changes/proof').set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('%PDF-1.4 again'), 'again.pdf').expect(409);
  });

  it('a rejection never waits for the document, and a rejected event is never reminded', async () => {
    // Back to today: the first test moved the clock a week on (a birth date after the real today is refused).
    clock.set(new Date());
    const p = await copyOfJane(suite.db, 'Dina');
    const clientId = await clientOf(p.employeeId);
    const jwt = await suite.t.login(p.email);
    const birth = await day(-1);
    const baby = (await api(jwt, 'post', '/dependents').send({ relationshipTypeId: '2', firstName: 'Ivo', lastName: 'Doe', birthDate: birth, gender: '1', ssn: '' }).expect(201)).body;
    await api(jwt, 'put', '/midyear-changes').send({ step: 1, eventType: 1 }).expect(200);
    await api(jwt, 'put', '/midyear-changes').send({ step: 3, effectiveDate: birth }).expect(200);
    await api(jwt, 'put', '/midyear-changes').send({ step: 6, dependentId: baby.id }).expect(200);
    await api(jwt, 'put', '/midyear-changes').send({ step: 7 }).expect(200);
    await api(jwt, 'post', '/mid-changes').send({ signature: dataUrl(strokePng()) }).expect(200);
    const hr = await suite.t.login('hr@acme.test');
    const id = ((await api(hr, 'get', '/life-events').expect(200)).body as Array<{ id: number; employeeId: number }>).find((l) => l.employeeId === p.employeeId)!.id;
    await api(hr, 'post', `/life-events/${id}`).send({ approve: true }).expect(409);
    await api(hr, 'post', `/life-events/${id}`).send({ approve: false, reason: 'Please report it with the certificate.' }).expect(200);
    expect((await api(jwt, 'get', '/midyear-changes').expect(200)).body).toMatchObject({ status: 'rejected' });
    // Rejected: no reminder is due for it, however long it waits.
    clock.advanceDays(10);
    expect(await run<{ sent: boolean }>('life-events.proof-reminder', { lifeEventId: id, clientId, requestedBy: null })).toEqual({ sent: false });
  });
});
