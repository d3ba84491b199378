import ExcelJS from 'exceljs';
import request from 'supertest';
import { addDays, isoToUs, todayIn } from '../../api/src/contracts/engine/dates';
import { centsToDecimal } from '../../api/src/contracts/engine/money';
import { lifeEventEffectiveDate } from '../../api/src/contracts/life-events';
import { DEDUCTION_COLUMNS, deductionStartsOn, payPeriodOf, previousPayPeriod, PayrollMessages, ZDeductionExport, ZSignedChangeList, type SignedChange } from '../../api/src/contracts/payroll';
import { copyOfJane, createOtherTenant, uniqueEmail } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';
import { binary, until } from '../support/wait';

/**
 * Issue 30 items 1 and 3: during Acme's open enrollment, a new hire registers, enrolls and signs, then marries
 * (HR approves the life event) and a copy of Jane is terminated. Transactions lists each signed change with its
 * effective date, and the payroll deduction file of the pay period after the marriage takes effect, written by
 * the workers as xlsx and CSV, holds the engine's amounts and marks what changed since the period before.
 */
describe('transactions at any time and payroll deductions', () => {
  const suite = appWithWorkers();
  const api = (jwt: string, method: 'get' | 'put' | 'post', path: string) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const signature = dataUrl(strokePng());
  const ZONE = 'America/New_York';
  const today = () => todayIn(ZONE, new Date());
  const usDay = (offset: number) => isoToUs(addDays(today(), offset))!;

  it('lists the signed changes of the open period with their effective dates, and writes the deduction file as xlsx and CSV', async () => {
    const hr = await suite.t.login('hr@acme.test');
    // A new hire through the product: HR adds her, she registers from the email, enrolls alone and signs.
    const email = uniqueEmail('mara');
    const mark = suite.mail.mark();
    const { id: maraId } = (await api(hr, 'post', '/employees').send({ firstName: 'Mara', lastName: 'Payroll', email, employmentId: 1, groupId: 1, hireDate: usDay(0), enableOnboarding: false }).expect(201)).body as { id: number };
    const token = linkFrom(await suite.mail.next(email, /finish your registration/, mark), '/mbl/registration').searchParams.get('token');
    const jwt = ((await request(suite.t.server).post('/mbl/api/registration').send({ token, password: 'Payroll-pass-2026', securityQuestionId: '1', securityAnswer: 'Rex' }).expect(200)).body as { jwt: string }).jwt;
    await api(jwt, 'put', '/employee')
      .send({ firstName: 'Mara', lastName: 'Payroll', birthDate: '03/04/1991', gender: '2', smoker: '0', maritalStatusId: '1', ssn: `123-47-${String(maraId % 10000).padStart(4, '0')}`, address1: '9 Harbor Way', zip: '02110', city: 'Boston', state: 'MA', cellPhone: '617-555-0191', cellPhoneIndex: 2 })
      .expect(200);
    const rows = (await api(jwt, 'get', '/enrollments').expect(200)).body as Array<{ id: number; planTypeId: number }>;
    const plansOf = async (type: number) => (await api(jwt, 'get', `/plans?type=${type}`).expect(200)).body as Array<{ id: number; title: string }>;
    const ppo = (await plansOf(1)).find((p) => p.title === 'Blue Horizon PPO 1500')!;
    const basic = (await plansOf(2)).find((p) => p.title === 'SmileWell Dental Basic')!;
    await api(jwt, 'put', `/enrollments/${rows.find((r) => r.planTypeId === 1)!.id}`).send({ status: '1', planId: ppo.id, dependents: [] }).expect(200);
    await api(jwt, 'put', `/enrollments/${rows.find((r) => r.planTypeId === 2)!.id}`).send({ status: '1', planId: basic.id, dependents: [] }).expect(200);
    await api(jwt, 'post', '/forms').send({ signature }).expect(201);
    const [hired] = await suite.db.query(`SELECT effective_date::text AS effective FROM enrollment WHERE employee_id = $1 AND plan_type_id = 1 AND status = 1`, [maraId]);

    // She marries today: the spouse joins medical and dental; HR approves.
    const spouse = (await api(jwt, 'post', '/dependents').send({ relationshipTypeId: '1', firstName: 'Theo', lastName: 'Payroll', birthDate: '05/06/1990', gender: '1', smoker: '0', ssn: `123-48-${String(maraId % 10000).padStart(4, '0')}`, email: '' }).expect(201)).body as { id: number };
    const put = (body: object) => api(jwt, 'put', '/midyear-changes').send(body);
    await put({ step: 1, eventType: 2 }).expect(200);
    await put({ step: 3, effectiveDate: usDay(0) }).expect(200);
    await put({ step: 4, dependentId: spouse.id }).expect(200);
    await api(jwt, 'post', '/midyear-changes/proof').attach('file', Buffer.from('%PDF-1.4 marriage certificate'), 'marriage.pdf').expect(201);
    const choices = (await api(jwt, 'get', '/midyear-changes/coverage').expect(200)).body as Array<{ key: string; planTypeId: number; action: string }>;
    await put({ step: 6, coverage: choices.filter((c) => c.action === 'add' && [1, 2].includes(c.planTypeId)).map((c) => c.key) }).expect(200);
    await put({ step: 7 }).expect(200);
    await api(jwt, 'post', '/mid-changes').send({ signature }).expect(200);
    const [event] = await suite.db.query(`SELECT id FROM life_event WHERE employee_id = $1 AND status = 'pending'`, [maraId]);
    await api(hr, 'post', `/life-events/${event.id}`).send({ approve: true }).expect(200);
    const married = lifeEventEffectiveDate(2, today());

    // A copy of Jane (elections of the plan year signed) is terminated in the middle of January: coverage to its end.
    const tess = await copyOfJane(suite.db, 'Tess');
    await api(hr, 'put', `/employees/${tess.employeeId}/terminate`).send({ terminationDate: '01/15/2027', qualifyingEventId: 10, cobraElection: false, signature }).expect(200);
    const [{ coverage_end_date: coverageEnd }] = await suite.db.query(`SELECT coverage_end_date::text FROM termination WHERE employee_id = $1`, [tess.employeeId]);
    const tessPlans = (await suite.db.query(`SELECT plan_type_id FROM enrollment WHERE employee_id = $1 AND status = 1 AND effective_to_date = $2 ORDER BY 1`, [tess.employeeId, coverageEnd])) as Array<{
      plan_type_id: number;
    }>;
    expect(tessPlans.length).toBeGreaterThan(0);

    // Transactions during open enrollment: the open period's signed changes so far.
    const periods = (await api(hr, 'get', '/transactions').expect(200)).body as Array<{ id: number; ready: boolean; closedDate: string | null }>;
    const open = periods.find((p) => p.closedDate === null)!;
    expect(open.ready).toBe(false);
    const { changes } = ZSignedChangeList.parse((await api(hr, 'get', `/transactions/changes?periodId=${open.id}`).expect(200)).body);
    const of = (id: number, types = ['Group Medical', 'Group Dental']) =>
      changes.filter((c) => c.employeeId === id && types.includes(c.planType)).map((c: SignedChange) => [c.planType, c.change, c.source, c.effectiveDate, c.costAfter]);
    const [maraMedical, maraDental] = (await suite.db.query(`SELECT contribution_cents FROM enrollment WHERE employee_id = $1 AND plan_type_id IN (1, 2) ORDER BY plan_type_id`, [maraId])) as Array<{
      contribution_cents: number;
    }>;
    expect(of(maraId)).toEqual([
      ['Group Medical', 'New enrollment', 'New hire', isoToUs(hired.effective), expect.any(String)],
      ['Group Dental', 'New enrollment', 'New hire', expect.any(String), expect.any(String)],
      ['Group Medical', 'Tier or dependent change', 'Life event', isoToUs(married), centsToDecimal(maraMedical!.contribution_cents)],
      ['Group Dental', 'Tier or dependent change', 'Life event', isoToUs(married), centsToDecimal(maraDental!.contribution_cents)],
    ]);
    // (The copy's elections were written now, without a signature: they list as added too.)
    const tessChanges = changes.filter((c) => c.employeeId === tess.employeeId && c.source === 'Termination').map((c) => [c.change, c.source, c.effectiveDate]);
    expect(tessChanges).toEqual(tessPlans.map(() => ['Termination of coverage', 'Termination', isoToUs(coverageEnd)]));
    // A date range (between periods too): today's changes; an empty range lists none; a reversed one is refused.
    const ranged = ZSignedChangeList.parse((await api(hr, 'get', `/transactions/changes?from=${usDay(0)}&to=${usDay(0)}`).expect(200)).body).changes;
    expect(ranged.filter((c) => c.employeeId === maraId && c.source === 'Life event')).toHaveLength(2);
    expect((await api(hr, 'get', `/transactions/changes?from=${usDay(-400)}&to=${usDay(-399)}`).expect(200)).body.changes).toEqual([]);
    expect((await api(hr, 'get', `/transactions/changes?from=${usDay(1)}&to=${usDay(0)}`).expect(400)).body.errors).toEqual([{ path: 'to', message: PayrollMessages.invalidRange }]);

    const [{ pay_periods: payPeriods }] = await suite.db.query(`SELECT pay_periods FROM client WHERE name = 'Acme Corp'`);
    const engine = (await suite.db.query(`SELECT plan_type_id, contribution_cents, employer_contribution_cents FROM enrollment WHERE employee_id = $1 AND plan_type_id IN (1, 2) ORDER BY plan_type_id`, [maraId])) as Array<{
      plan_type_id: number;
      contribution_cents: number;
      employer_contribution_cents: number;
    }>;
    const fileOf = async (format: 'xlsx' | 'csv', period: { start: string; end: string }) => {
      const started = ZDeductionExport.parse((await api(hr, 'post', '/transactions/deductions').send({ payDate: isoToUs(period.end), format }).expect(201)).body);
      expect(started).toMatchObject({ periodStart: isoToUs(period.start), periodEnd: isoToUs(period.end), format });
      await until(async () => ((await api(hr, 'get', `/transactions/deductions/${started.id}`).expect(200)).body.status === 'done' ? true : null), 'the deduction file');
      const res = await api(hr, 'get', `/transactions/deductions/${started.id}/download`).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-disposition']).toContain(`.${format}`);
      return { id: started.id, body: res.body as Buffer };
    };
    const col = (label: string) => DEDUCTION_COLUMNS.findIndex((c) => c.label === label) + 1;
    const sheetOf = async (body: Buffer, period: { start: string; end: string }) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(body as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(2).getCell(1).value).toBe(`Payroll deductions ${isoToUs(period.start)} to ${isoToUs(period.end)}`);
      expect((sheet.getRow(5).values as unknown[]).slice(1)).toEqual(DEDUCTION_COLUMNS.map((c) => c.label));
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 5 });
      const out: string[][] = [];
      sheet.eachRow((row, n) => {
        if (n <= 5) return;
        expect(typeof row.getCell(col('Employee Amount')).value).toBe('number');
        out.push(
          DEDUCTION_COLUMNS.map((c, i) => {
            const v = row.getCell(i + 1).value;
            if (v instanceof Date) return isoToUs(v.toISOString().slice(0, 10))!;
            if (c.kind === 'money') return Number(v).toFixed(2);
            return v === null || v === undefined ? '' : String(v);
          }),
        );
      });
      return out;
    };
    const csvOf = (body: Buffer) => {
      const lines = body.toString('utf8').trim().split('\r\n');
      expect(lines[0]).toBe(DEDUCTION_COLUMNS.map((c) => c.label).join(','));
      // Cells holding a comma are quoted (a plan named 'Basic Life and AD&D $50,000').
      return lines.slice(1).map((l) => [...l.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, DEDUCTION_COLUMNS.length).map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')));
    };
    const pick = (r: string[]) => [r[col('Plan Type') - 1], r[col('Tax') - 1], r[col('Employee Amount') - 1], r[col('Employer Amount') - 1], r[col('Effective Date') - 1], r[col('Change Since Last Period') - 1]];
    const rowsOf = (rows: string[][], id: number) => rows.filter((r) => r[col('Employee ID') - 1] === String(id)).map(pick).sort();
    const maraExpected = (mark: string) =>
      engine.map((e) => [e.plan_type_id === 1 ? 'Group Medical' : 'Group Dental', 'Pre-tax', centsToDecimal(e.contribution_cents), centsToDecimal(e.employer_contribution_cents), isoToUs(married), mark]).sort();

    // The pay period in which the marriage's prices are first deducted (decisions section 6: the first period
    // beginning on or after the effective date): Mara's medical and dental at the engine's prices, marked New.
    const first = payPeriodOf(deductionStartsOn(married, payPeriods), payPeriods);
    const a = await sheetOf((await fileOf('xlsx', first)).body, first);
    expect(rowsOf(a, maraId)).toEqual(maraExpected('New'));
    expect(rowsOf(a, tess.employeeId)).toEqual([]);

    // The first pay period after Tess's coverage ended: hers stop (marked once, nothing deducted), Mara's go on unchanged.
    const after = payPeriodOf(deductionStartsOn(addDays(coverageEnd, 1), payPeriods), payPeriods);
    expect(previousPayPeriod(after, payPeriods).start <= coverageEnd).toBe(true);
    const csv = await fileOf('csv', after);
    const b = csvOf(csv.body);
    expect(rowsOf(b, maraId).filter((r) => ['Group Medical', 'Group Dental'].includes(r[0]!))).toEqual(maraExpected(''));
    // Her employer-paid life and disability started with the plan year: deducted since January, after tax.
    expect(rowsOf(b, maraId).find((r) => r[0] === 'Group Life')?.slice(1, 2)).toEqual(['Post-tax']);
    const stopped = rowsOf(b, tess.employeeId);
    expect(stopped).toHaveLength(tessPlans.length);
    for (const r of stopped) expect([r[2], r[3], r[5]]).toEqual(['0.00', '0.00', 'Stopped']);
    // The same period as xlsx holds the same rows.
    expect(await sheetOf((await fileOf('xlsx', after)).body, after)).toEqual(b);

    // Each download is audited; employees and other clients cannot reach the file; a bad date is a 400.
    const [audited] = await suite.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE event_type = 'Payroll deductions' AND description LIKE 'Payroll deduction file downloaded%' AND client_id = (SELECT client_id FROM employee WHERE id = $1)`, [maraId]);
    expect(audited.n).toBeGreaterThanOrEqual(2);
    await api(jwt, 'get', `/transactions/deductions/${csv.id}/download`).expect(403);
    await api(jwt, 'get', `/transactions/changes`).expect(403);
    const other = await createOtherTenant(suite.db);
    const otherHr = await suite.t.login(other.email);
    const refused = await api(otherHr, 'get', `/transactions/deductions/${csv.id}/download`);
    expect([403, 404]).toContain(refused.status);
    expect((await api(hr, 'post', '/transactions/deductions').send({ payDate: '02/30/2027' }).expect(400)).body.errors).toEqual([{ path: 'payDate', message: PayrollMessages.noPayPeriod }]);
    await api(hr, 'get', '/transactions/deductions/999999999').expect(404);
  });
});
