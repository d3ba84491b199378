import type { X12Segment } from 'node-x12';
import request from 'supertest';
import { CarrierFeedMessages, type Carrier, type CarrierFile, type CarrierFileRequest } from '../../api/src/contracts/carrier-feeds';
import type { Enrollment } from '../../api/src/contracts/enrollments';
import { RegistrationStep } from '../../api/src/contracts/auth';
import type { Plan } from '../../api/src/contracts/plans';
import { check834, el } from '../support/edi834-guide';
import { jobRunner } from '../support/jobs';
import { copyOfJane, createOtherTenant, uniqueEmail } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';
import { RUN_ID } from '../support/test-env';
import { until } from '../support/wait';

/**
 * Issue 30 items 2 and 4: HR configures a carrier; the EDI 834 full and changes files are made from the signed
 * elections after people are enrolled, change plans and are terminated (with and without COBRA) through the
 * product's own routes, parsed back with node-x12 and checked segment by segment against the guide's rules;
 * the weekly file is written by the workers' sweep once per carrier and week, sealed.
 */
describe('carriers and their EDI 834 files', () => {
  const suite = appWithWorkers();
  let hr: string;
  beforeAll(async () => {
    hr = await suite.t.login('hr@acme.test');
  });
  // identity: the answers are read (and checked against the OpenAPI document) as sent, not compressed.
  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, jwt = hr) =>
    request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`).set('Accept-Encoding', 'identity');
  const text = (res: request.Response) => (res.text || (Buffer.isBuffer(res.body) ? res.body.toString('utf8') : ''));
  const fileText = (r: request.Test) =>
    r.buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks).toString('utf8')));
    });
  /** As Transactions asks for one: the request, the workers' job (fixed id), then the sealed file's audited download. */
  const download = async (id: number, kind: 'full' | 'changes') => {
    const asked = (await call('post', `/carriers/${id}/834`).send({ kind }).expect(201)).body as CarrierFileRequest;
    expect(asked).toMatchObject({ carrierId: id, kind });
    const done = await until(async () => {
      const r = (await call('get', `/carriers/${id}/834/${asked.id}`).expect(200)).body as CarrierFileRequest;
      if (r.status === 'failed') throw new Error('the file job failed');
      return r.status === 'done' ? r : null;
    }, `the ${kind} file to be written by the workers`);
    // Written by the workers, kept sealed: nothing of it in clear in the database.
    const [kept] = (await suite.db.query('SELECT content_enc FROM carrier_file WHERE id = $1', [done.fileId])) as Array<{ content_enc: string }>;
    expect(kept!.content_enc).not.toMatch(/ISA\*|NM1\*/);
    const res = await fileText(call('get', `/carriers/${id}/files/${done.fileId}/download`)).expect(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename=".*-834-${kind}-\\d+\\.edi"`));
    return res.body as string;
  };
  const individualOf = async (p: { employeeId: number }) => ((await suite.db.query('SELECT individual_id FROM employee WHERE id = $1', [p.employeeId])) as Array<{ individual_id: number }>)[0]!.individual_id;
  /** The member loops of one household (REF*0F, the subscriber's individualId), as 'INS02 INS03 INS04 INS05 | HD01 HD03 HD05 …'. */
  const household = (members: X12Segment[][], subscriber: number) =>
    members
      .filter((loop) => el(loop[1]!, 2) === String(subscriber))
      .map((loop) => {
        const ins = loop[0]!;
        const hds = loop.filter((s) => s.tag === 'HD').map((s) => `${el(s, 1)} ${el(s, 3)} ${el(s, 5)}`);
        return `${el(ins, 2)} ${el(ins, 3)} ${el(ins, 4)} ${el(ins, 5)} | ${hds.join(' | ')}`;
      });
  const dtp = (loop: X12Segment[], q: string) => loop.filter((s) => s.tag === 'DTP' && el(s, 1) === q).map((s) => el(s, 3));

  const carrierBody = (name: string, o: Record<string, unknown> = {}) => ({
    name,
    planTypeIds: [1],
    policyNumber: 'GRP-4410',
    sponsorFein: '123456789',
    isaSenderQualifier: 'ZZ',
    isaSenderId: 'ACMECORP',
    isaReceiverQualifier: '30',
    isaReceiverId: '990011223',
    gsSenderCode: 'ACMECORP',
    gsReceiverCode: 'BLUETEST',
    schedule: 'on_demand',
    ...o,
  });

  it('HR adds, changes and deletes carriers: field messages, unique names, audited; employees are refused, other clients answer 404', async () => {
    const invalid = (await call('post', '/carriers').send({ ...carrierBody(''), planTypeIds: [], isaSenderId: 'A*B', sponsorFein: '12' }).expect(400)).body.errors as Array<{ path: string; message: string }>;
    expect(invalid).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Field is required' },
        { path: 'planTypeIds', message: CarrierFeedMessages.planTypesRequired },
        { path: 'isaSenderId', message: CarrierFeedMessages.isaId },
        { path: 'sponsorFein', message: CarrierFeedMessages.fein },
      ]),
    );
    const name = `Crud Carrier ${RUN_ID}`;
    const created = (await call('post', '/carriers').send(carrierBody(name)).expect(201)).body as Carrier;
    expect(created).toMatchObject({ name, planTypeIds: [1], schedule: 'on_demand', lastControlNumber: 0 });
    expect((await call('post', '/carriers').send(carrierBody(name.toUpperCase())).expect(409)).body.message).toBe(CarrierFeedMessages.nameTaken);
    const changed = (await call('put', `/carriers/${created.id}`).send(carrierBody(name, { planTypeIds: [2, 1], schedule: 'weekly' })).expect(200)).body as Carrier;
    expect(changed).toMatchObject({ planTypeIds: [1, 2], schedule: 'weekly' });
    const audit = (await suite.db.query(`SELECT action_type, description, data FROM audit_log WHERE event_type = 'Carrier' AND description LIKE $1 ORDER BY id`, [`%${name}`])) as Array<{ action_type: string; description: string; data: Array<{ title: string; newValue: string }> }>;
    expect(audit.map((a) => a.action_type)).toEqual(['create', 'update']);
    expect(audit[1]!.data).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'File schedule', newValue: 'Weekly' }), expect.objectContaining({ title: 'Plan types', newValue: 'Group Medical, Group Dental' })]));

    const jane = await copyOfJane(suite.db, 'Nocarrier');
    const employee = await suite.t.login(jane.email);
    await call('get', '/carriers', employee).expect(403);
    await call('post', '/carriers', employee).send(carrierBody('Mine')).expect(403);
    await call('post', `/carriers/${created.id}/834`, employee).send({ kind: 'full' }).expect(403);
    const other = await createOtherTenant(suite.db);
    const [theirs] = (await suite.db.query(
      `INSERT INTO carrier (client_id, name, plan_type_ids, policy_number, sponsor_fein, isa_sender_qualifier, isa_sender_id, isa_receiver_qualifier, isa_receiver_id, gs_sender_code, gs_receiver_code, schedule)
       VALUES ($1, 'Theirs', '{1}', 'P', '123456789', 'ZZ', 'A', 'ZZ', 'B', 'AA', 'BB', 'weekly') RETURNING id`,
      [other.clientId],
    )) as Array<{ id: number }>;
    for (const path of [`/carriers/${theirs!.id}`, `/carriers/${theirs!.id}/files`, `/carriers/${theirs!.id}/834/1`]) {
      expect((await call('get', path).expect(404)).body.message).toBe(CarrierFeedMessages.notFound);
    }
    expect((await call('post', `/carriers/${theirs!.id}/834`).send({ kind: 'full' }).expect(404)).body.message).toBe(CarrierFeedMessages.notFound);
    await call('put', `/carriers/${theirs!.id}`).send(carrierBody('Stolen')).expect(404);
    await call('delete', `/carriers/${theirs!.id}`).expect(404);
    await call('post', `/carriers/${created.id}/834`).send({ kind: 'everything' }).expect(400);
    expect((await call('get', `/carriers/${created.id}/834/999999999`).expect(404)).body.message).toBe(CarrierFeedMessages.noRequest);

    await call('delete', `/carriers/${created.id}`).expect(200);
    await call('get', `/carriers/${created.id}`).expect(404);
    expect((await call('get', '/carriers').expect(200)).body.map((c: Carrier) => c.id)).not.toContain(created.id);
  });

  it('the full file and the changes file after a plan change, a new household and terminations with and without COBRA', async () => {
    // Households in force before the first file.
    const changer = await copyOfJane(suite.db, 'Edichange');
    const leaver = await copyOfJane(suite.db, 'Edileave');
    const cobra = await copyOfJane(suite.db, 'Edicobra');
    const carrier = (await call('post', '/carriers').send(carrierBody(`Blue Test ${RUN_ID}`)).expect(201)).body as Carrier;

    const full = await download(carrier.id, 'full');
    const first = check834(full);
    expect(first.problems).toEqual([]);
    expect(first.parsed.body[0]!.tag).toBe('BGN');
    expect(el(first.parsed.body[0]!, 8)).toBe('4');
    expect(el(first.parsed.interchange.functionalGroups[0]!.header, 6)).toBe('1');
    expect(full.split('~')[0]).toContain('*ZZ*ACMECORP       *30*990011223      *');
    const changerId = await individualOf(changer);
    // Jane's household: Jane with John (spouse) and Lily (child) on the PPO, every loop an audit (030).
    expect(household(first.parsed.members, changerId)).toEqual(['18 030 XN A | 030 HLT FAM', '01 030 XN A | 030 HLT FAM', '19 030 XN A | 030 HLT FAM']);
    const subscriberLoop = first.parsed.members.find((l) => el(l[1]!, 2) === String(changerId) && el(l[0]!, 1) === 'Y')!;
    const nm1 = subscriberLoop.find((s) => s.tag === 'NM1')!;
    expect([el(nm1, 3), el(nm1, 4), el(nm1, 8), el(nm1, 9)]).toEqual(['DOE', 'EDICHANGE', '34', '123456701']);
    expect(dtp(subscriberLoop, '348')).toHaveLength(1);
    // Nothing of the file is kept in clear: the record's state holds ids, plans and dates only, its content is sealed.
    const [kept] = (await suite.db.query('SELECT state::text AS state, content_enc FROM carrier_file WHERE carrier_id = $1', [carrier.id])) as Array<{ state: string; content_enc: string | null }>;
    expect(kept!.content_enc).not.toMatch(/123456701|DOE/);
    expect(kept!.state).not.toMatch(/123456701|123-45-6701|Doe/);

    // Changes through the product: a plan change signed by the employee, a new household, two terminations by HR.
    const jwt = await suite.t.login(changer.email);
    const medical = ((await call('get', '/enrollments?view=draft', jwt).expect(200)).body as Enrollment[]).find((e) => e.planTypeId === 1)!;
    const other = ((await call('get', '/plans?type=1', jwt).expect(200)).body as Plan[]).find((pl) => pl.id !== medical.planId && pl.restricted === 0)!;
    await call('put', '/me', jwt).send({ step: RegistrationStep.Dependents }).expect(200);
    await call('put', `/enrollments/${medical.id}`, jwt).send({ status: '1', planId: other.id, dependents: medical.dependents }).expect(200);
    await call('post', '/forms', jwt).send({ signature: dataUrl(strokePng()) }).expect(201);
    const today = ((await suite.db.query(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date, 'MM/DD/YYYY') AS d, (date_trunc('month', (now() AT TIME ZONE 'America/New_York')) + interval '1 month - 1 day')::date::text AS eom`)) as Array<{ d: string; eom: string }>)[0]!;
    // The new household through the product: HR adds her, she registers from the welcome email, completes her
    // profile, adds her husband, enrolls in the carrier's medical plan covering him and signs.
    const email = uniqueEmail('edinew');
    const mark = suite.mail.mark();
    const { id: newcomerId } = (await call('post', '/employees').send({ firstName: 'Nora', lastName: 'Edinew', email, employmentId: 1, groupId: 1, hireDate: today.d, enableOnboarding: false }).expect(201)).body as { id: number };
    const token = linkFrom(await suite.mail.next(email, /finish your registration/, mark), '/mbl/registration').searchParams.get('token');
    const newJwt = ((await request(suite.t.server).post('/mbl/api/registration').send({ token, password: 'Carrier-feed-2026', securityQuestionId: '1', securityAnswer: 'Rex' }).expect(200)).body as { jwt: string }).jwt;
    const ssnOf = (group: string) => `123-${group}-${String(newcomerId % 10000).padStart(4, '0')}`;
    await call('put', '/employee', newJwt)
      .send({ firstName: 'Nora', lastName: 'Edinew', birthDate: '03/04/1991', gender: '2', smoker: '0', maritalStatusId: '2', ssn: ssnOf('51'), address1: '9 Harbor Way', zip: '02110', city: 'Boston', state: 'MA', cellPhone: '617-555-0191', cellPhoneIndex: 2 })
      .expect(200);
    const husband = (await call('post', '/dependents', newJwt).send({ relationshipTypeId: '1', firstName: 'Owen', lastName: 'Edinew', birthDate: '05/06/1990', gender: '1', smoker: '0', ssn: ssnOf('52'), email: '' }).expect(201)).body as { id: number };
    // The carrier takes plan type 1 (carrierBody): the newcomer's medical election is what it is told of.
    const newMedical = ((await call('get', '/enrollments', newJwt).expect(200)).body as Enrollment[]).find((e) => e.planTypeId === 1)!;
    const newPlan = ((await call('get', '/plans?type=1', newJwt).expect(200)).body as Plan[]).find((pl) => pl.title === 'Blue Horizon PPO 1500')!;
    await call('put', `/enrollments/${newMedical.id}`, newJwt).send({ status: '1', planId: newPlan.id, dependents: [husband.id] }).expect(200);
    await call('post', '/forms', newJwt).send({ signature: dataUrl(strokePng()) }).expect(201);
    const newElection = ((await call('get', '/enrollments?view=signed', newJwt).expect(200)).body as Enrollment[]).find((e) => e.planTypeId === 1)!;
    expect(newElection).toMatchObject({ status: '1', planId: newPlan.id, dependents: [husband.id] });
    const termination = { terminationDate: today.d, qualifyingEventId: 10, totalDisability: false, signature: dataUrl(strokePng()) };
    await call('put', `/employees/${leaver.employeeId}/terminate`).send({ ...termination, cobraElection: false }).expect(200);
    await call('put', `/employees/${cobra.employeeId}/terminate`).send({ ...termination, cobraElection: true }).expect(200);

    const changes = await download(carrier.id, 'changes');
    const second = check834(changes);
    expect(second.problems).toEqual([]);
    expect(el(second.parsed.body[0]!, 8)).toBe('2');
    // Counted per file: the next control number, in ISA13/IEA02, GS06/GE02 and ST02/SE02.
    expect(changes.split('~')[0]!.split('*')[13]).toBe('000000002');
    expect(el(second.parsed.interchange.functionalGroups[0]!.header, 6)).toBe('2');
    expect(el(second.parsed.interchange.functionalGroups[0]!.transactions[0]!.header, 2)).toBe('0002');

    const ppo = (await suite.db.query('SELECT policy_number FROM plan WHERE id = $1', [other.id])) as Array<{ policy_number: string | null }>;
    const changedLoops = second.parsed.members.filter((l) => el(l[1]!, 2) === String(changerId));
    expect(household(second.parsed.members, changerId)).toEqual(['18 001 EC A | 001 HLT FAM', '01 001 EC A | 001 HLT FAM', '19 001 EC A | 001 HLT FAM']);
    expect(el(changedLoops[0]!.find((s) => s.tag === 'HD')!, 4)).toBe((ppo[0]!.policy_number || String(other.id)).toUpperCase());
    // The new household: she (initial enrollment, 28) and her husband (01) added (021) at the tier of her election
    // (employee and spouse: ESP), from the day her election begins, named and identified as she entered them.
    const newcomerIndividual = await individualOf({ employeeId: newcomerId });
    expect(newPlan.tierOptions.find((o) => o.value === newElection.tier)?.label).toBe('Husband/Wife');
    expect(household(second.parsed.members, newcomerIndividual)).toEqual(['18 021 28 A | 021 HLT ESP', '01 021 EC A | 021 HLT ESP']);
    const [newLoop, spouseLoop] = second.parsed.members.filter((l) => el(l[1]!, 2) === String(newcomerIndividual));
    const begins = newElection.effectiveDate!.replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, '$3$1$2');
    for (const loop of [newLoop!, spouseLoop!]) {
      expect(el(loop.find((s) => s.tag === 'HD')!, 4)).toBe((newPlan.policyNumber || String(newPlan.id)).toUpperCase());
      expect(dtp(loop, '303')).toEqual([begins]);
      expect(dtp(loop, '348')).toEqual([begins]);
      expect(dtp(loop, '349')).toEqual([]);
    }
    const nameOf = (loop: X12Segment[]) => {
      const n = loop.find((s) => s.tag === 'NM1')!;
      const dmg = loop.find((s) => s.tag === 'DMG')!;
      return [el(n, 3), el(n, 4), el(n, 8), el(n, 9), el(dmg, 2), el(dmg, 3)];
    };
    expect(nameOf(newLoop!)).toEqual(['EDINEW', 'NORA', '34', ssnOf('51').replace(/-/g, ''), '19910304', 'F']);
    expect(nameOf(spouseLoop!)).toEqual(['EDINEW', 'OWEN', '34', ssnOf('52').replace(/-/g, ''), '19900506', 'M']);
    const leaverId = await individualOf(leaver);
    expect(household(second.parsed.members, leaverId)).toEqual(['18 024 08 A | 024 HLT FAM', '01 024 08 A | 024 HLT FAM', '19 024 08 A | 024 HLT FAM']);
    const leaverLoop = second.parsed.members.find((l) => el(l[1]!, 2) === String(leaverId))!;
    expect(el(leaverLoop[0]!, 8)).toBe('TE');
    expect(dtp(leaverLoop, '349')).toEqual([today.eom.replace(/-/g, '')]);
    expect(dtp(leaverLoop, '357')).toEqual([today.eom.replace(/-/g, '')]);
    const cobraId = await individualOf(cobra);
    expect(household(second.parsed.members, cobraId)).toEqual(['18 001 XN C | 001 HLT FAM', '01 001 XN C | 001 HLT FAM', '19 001 XN C | 001 HLT FAM']);
    const cobraLoop = second.parsed.members.find((l) => el(l[1]!, 2) === String(cobraId))!;
    expect(el(cobraLoop[0]!, 7)).toBe('1');
    expect(dtp(cobraLoop, '349')).toEqual([]);
    const dayAfter = ((await suite.db.query(`SELECT to_char($1::date + 1, 'YYYYMMDD') AS d`, [today.eom])) as Array<{ d: string }>)[0]!.d;
    expect(dtp(cobraLoop, '340')).toEqual([dayAfter]);

    // Sent once: the next changes file has none of them, and its control number is the next again.
    const third = check834(await download(carrier.id, 'changes'));
    expect(third.problems).toEqual([]);
    for (const p of [changerId, leaverId, cobraId, newcomerIndividual]) expect(household(third.parsed.members, p)).toEqual([]);
    expect(el(third.parsed.interchange.header, 13).replace(/^0+/, '')).toBe('3');
    expect(((await call('get', `/carriers/${carrier.id}`).expect(200)).body as Carrier).lastControlNumber).toBe(3);

    // Each download audited, the full and the changes files alike.
    const audited = (await suite.db.query(`SELECT description FROM audit_log WHERE event_type = 'Carrier file' AND description LIKE $1 ORDER BY id`, [`%Blue Test ${RUN_ID}%`])) as Array<{ description: string }>;
    const asked = (kind: string) => [`EDI 834 ${kind} file requested: Blue Test ${RUN_ID}`, `EDI 834 ${kind} file written: Blue Test ${RUN_ID} ()`, `EDI 834 ${kind} file downloaded: Blue Test ${RUN_ID} ()`];
    expect(audited.map((a) => a.description.replace(/\(.*\)/, '()'))).toEqual([...asked('full'), ...asked('changes'), ...asked('changes')]);
  }, 90_000);

  const run = jobRunner(suite, 'carrier-feeds');

  it("the workers' weekly sweep writes one sealed changes file per weekly carrier and week, downloadable from Transactions", async () => {
    const carrier = (await call('post', '/carriers').send(carrierBody(`Weekly Test ${RUN_ID}`, { schedule: 'weekly' })).expect(201)).body as Carrier;
    await copyOfJane(suite.db, 'Ediweekly');
    const tick = new Date().toISOString();
    expect((await run<{ queued: number }>('carrier-feeds.weekly-files', { tick })).queued).toBeGreaterThanOrEqual(1);
    const [file] = await until(async () => {
      const rows = (await suite.db.query('SELECT id, week::text AS week, content_enc FROM carrier_file WHERE carrier_id = $1', [carrier.id])) as Array<{ id: number; week: string; content_enc: string }>;
      return rows.length ? rows : null;
    }, 'the weekly file');
    expect(file!.content_enc).not.toMatch(/ISA\*|123456701/);
    const week = ((await suite.db.query(`SELECT date_trunc('week', now() AT TIME ZONE 'America/New_York')::date::text AS w`)) as Array<{ w: string }>)[0]!.w;
    expect(file!.week).toBe(week);
    // The next tick of the same week finds the file written: no second job for this carrier.
    const again = await run<{ queued: number }>('carrier-feeds.weekly-files', { tick });
    expect(again.queued).toBeGreaterThanOrEqual(0);
    expect(((await suite.db.query('SELECT count(*)::int AS n FROM carrier_file WHERE carrier_id = $1', [carrier.id])) as Array<{ n: number }>)[0]!.n).toBe(1);

    const listed = (await call('get', `/carriers/${carrier.id}/files`).expect(200)).body as CarrierFile[];
    expect(listed).toEqual([expect.objectContaining({ id: file!.id, kind: 'changes', controlNumber: 1, week, downloadable: true })]);
    const res = await call('get', `/carriers/${carrier.id}/files/${file!.id}/download`).buffer(true).expect(200);
    const edi = text(res);
    const checked = check834(edi);
    expect(checked.problems).toEqual([]);
    expect(edi).toContain('NM1*IL*1*DOE*EDIWEEKLY**');
    const [audit] = (await suite.db.query(`SELECT description FROM audit_log WHERE event_type = 'Carrier file' AND description LIKE $1 ORDER BY id DESC LIMIT 1`, [`EDI 834 changes file downloaded: Weekly Test ${RUN_ID}%`])) as Array<{ description: string }>;
    expect(audit).toBeDefined();
    await call('get', `/carriers/${carrier.id}/files/999999999/download`).expect(404);
  }, 90_000);
});
