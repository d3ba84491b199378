import ExcelJS from 'exceljs';
import request from 'supertest';
import { addDays, isoToUs, todayIn } from '../../api/src/contracts/engine/dates';
import { centsToDecimal } from '../../api/src/contracts/engine/money';
import { RegistrationStep } from '../../api/src/contracts/auth';
import { lifeEventEffectiveDate, LifeEventType } from '../../api/src/contracts/life-events';
import { DEDUCTION_COLUMNS, deductionStartsOn, payPeriodOf, planTypeName, previousPayPeriod, PayrollMessages, ZDeductionExport, ZSignedChangeList, type SignedChange } from '../../api/src/contracts/payroll';
import { Clock } from '../../api/src/core/clock/clock';
import { ClockModule } from '../../api/src/core/clock/clock.module';
import { copyOfJane, createOtherTenant, uniqueEmail } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';
import { binary, until } from '../support/wait';

/** The system clock, moved ahead by what a test sets: the API and the workers read this one (0: the real time). */
class ShiftedClock extends Clock {
  shiftMs = 0;
  now(): Date {
    return new Date(Date.now() + this.shiftMs);
  }
}
const clock = new ShiftedClock();
ClockModule.use(clock);

/**
 * Issue 30 items 1 and 3: during Acme's open enrollment, a new hire registers, enrolls and signs, then marries
 * (HR approves the life event) and a copy of Jane is terminated. Transactions lists each signed change with its
 * effective date, and the payroll deduction file of the pay period after the marriage takes effect, written by
 * the workers as xlsx and CSV, holds the engine's amounts and marks what changed since the period before.
 */
describe('transactions at any time and payroll deductions', () => {
  const suite = appWithWorkers();
  afterAll(() => ClockModule.use(null));
  const api = (jwt: string, method: 'get' | 'put' | 'post', path: string) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const signature = dataUrl(strokePng());
  const ZONE = 'America/New_York';
  const today = () => todayIn(ZONE, new Date());
  const usDay = (offset: number) => isoToUs(addDays(today(), offset))!;
  const col = (label: string) => DEDUCTION_COLUMNS.findIndex((c) => c.label === label) + 1;
  const csvOf = (body: Buffer) => {
    const lines = body.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe(DEDUCTION_COLUMNS.map((c) => c.label).join(','));
    // Cells holding a comma are quoted (a plan named 'Basic Life and AD&D $50,000').
    return lines.slice(1).map((l) => [...l.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, DEDUCTION_COLUMNS.length).map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')));
  };
  /** The CSV deduction file of a pay period, as Transactions asks for it: written by the workers, then downloaded. */
  const deductionCsv = async (hr: string, period: { start: string; end: string }): Promise<Buffer> => {
    const started = ZDeductionExport.parse((await api(hr, 'post', '/transactions/deductions').send({ payDate: isoToUs(period.end), format: 'csv' }).expect(201)).body);
    expect(started).toMatchObject({ periodStart: isoToUs(period.start), periodEnd: isoToUs(period.end) });
    await until(async () => ((await api(hr, 'get', `/transactions/deductions/${started.id}`).expect(200)).body.status === 'done' ? true : null), 'the deduction file');
    return (await api(hr, 'get', `/transactions/deductions/${started.id}/download`).buffer(true).parse(binary).expect(200)).body as Buffer;
  };
  /** The plan year's first day at Acme (its current period's earliest plan). */
  const planYearStart = async (): Promise<string> =>
    ((await suite.db.query(
      `SELECT min(p.effective_date)::text AS starts FROM plan p JOIN open_enrollment_period oe ON oe.id = p.open_enrollment_period_id AND oe.is_current
        JOIN client c ON c.id = oe.client_id WHERE c.name = 'Acme Corp'`,
    )) as Array<{ starts: string }>)[0]!.starts;
  /** Per paycheck of each plan type the employee is enrolled in (the enrollment rows, in force). */
  const cents = async (employeeId: number): Promise<Record<string, number>> =>
    Object.fromEntries(
      ((await suite.db.query(`SELECT plan_type_id, contribution_cents FROM enrollment WHERE employee_id = $1 AND status = 1`, [employeeId])) as Array<{ plan_type_id: number; contribution_cents: number }>).map((r) => [
        r.plan_type_id,
        r.contribution_cents,
      ]),
    );
  /**
   * A divorce through the life-event wizard, signed by the employee and approved by HR: the spouse leaves medical
   * and dental; the other coverages (vision with the spouse too) stay as they are.
   */
  const divorce = async (person: { email: string; employeeId: number }, eventDate: string, hr: string): Promise<void> => {
    const jwt = await suite.t.login(person.email);
    const [spouse] = (await suite.db.query(`SELECT id FROM dependent WHERE employee_id = $1 AND relationship_type_id = 1 AND deleted_at IS NULL`, [person.employeeId])) as Array<{ id: number }>;
    const put = (body: object) => api(jwt, 'put', '/midyear-changes').send(body);
    await put({ step: 1, eventType: LifeEventType.DivorceOrSeparation }).expect(200);
    await put({ step: 3, effectiveDate: isoToUs(eventDate) }).expect(200);
    await put({ step: 4, dependentId: spouse!.id }).expect(200);
    await api(jwt, 'post', '/midyear-changes/proof').attach('file', Buffer.from('%PDF-1.4 divorce decree'), 'decree.pdf').expect(201);
    const choices = (await api(jwt, 'get', '/midyear-changes/coverage').expect(200)).body as Array<{ key: string; planTypeId: number; action: string }>;
    expect(choices.map((c) => c.planTypeId)).toEqual(expect.arrayContaining([1, 2]));
    await put({ step: 6, coverage: choices.filter((c) => [1, 2].includes(c.planTypeId)).map((c) => c.key) }).expect(200);
    await put({ step: 7 }).expect(200);
    await api(jwt, 'post', '/mid-changes').send({ signature }).expect(200);
    const [event] = await suite.db.query(`SELECT id FROM life_event WHERE employee_id = $1 AND status = 'pending'`, [person.employeeId]);
    await api(hr, 'post', `/life-events/${event.id}`).send({ approve: true }).expect(200);
  };
  const amountsOf = (rows: string[][], id: number) => rows.filter((r) => r[col('Employee ID') - 1] === String(id)).map((r) => [r[col('Plan Type') - 1], r[col('Employee Amount') - 1], r[col('Change Since Last Period') - 1]]).sort();
  const expected = (c: Record<string, number>, changed: readonly number[]) =>
    Object.entries(c)
      .map(([t, v]) => [planTypeName(Number(t)), centsToDecimal(v), changed.includes(Number(t)) ? 'Changed' : ''])
      .sort();

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
  it("marks Changed, in the next period's file, exactly the lines of an election changed since the period before", async () => {
    // Inside the plan year (the clock moved ahead if it has not begun): Jane's elections have been deducted for weeks.
    const starts = await planYearStart();
    const divorced = await copyOfJane(suite.db, 'Dora');
    const unchanged = await copyOfJane(suite.db, 'Uma');
    // Dora signs her elections as they are during the open enrollment (her signed summary is the state in force).
    const jwt = await suite.t.login(divorced.email);
    await api(jwt, 'put', '/me').send({ step: RegistrationStep.Dependents }).expect(200);
    await api(jwt, 'post', '/forms').send({ signature }).expect(201);
    clock.shiftMs = Math.max(0, Date.parse(`${addDays(starts, 45)}T17:00:00Z`) - Date.now());
    try {
      const today = todayIn(ZONE, clock.now());
      const [{ pay_periods: payPeriods }] = await suite.db.query(`SELECT pay_periods FROM client WHERE name = 'Acme Corp'`);
      const hr = await suite.t.login('hr@acme.test');
      const before = await cents(divorced.employeeId);

      // The divorce is signed a few days after the event; it takes effect on the first of the next month, so its
      // prices are first deducted in the period that begins on or after that day (decisions section 6).
      const eventDate = addDays(today, -3);
      const starting = payPeriodOf(deductionStartsOn(lifeEventEffectiveDate(LifeEventType.DivorceOrSeparation, eventDate), payPeriods), payPeriods);
      const period1 = previousPayPeriod(starting, payPeriods);
      expect(deductionStartsOn(starts, payPeriods) <= period1.start).toBe(true);
      const first = csvOf(await deductionCsv(hr, period1));

      await divorce(divorced, eventDate, hr);
      const after = await cents(divorced.employeeId);
      // A smaller family, a smaller tier: the engine priced medical and dental anew, and nothing else.
      expect([after[1] !== before[1], after[2] !== before[2]]).toEqual([true, true]);
      expect(Object.keys(after).filter((t) => after[t] !== before[t])).toEqual(['1', '2']);

      const second = csvOf(await deductionCsv(hr, starting));
      // Period 1: the elections as they were, nothing marked for either household.
      expect(amountsOf(first, divorced.employeeId)).toEqual(expected(before, []));
      expect(amountsOf(first, unchanged.employeeId)).toEqual(expected(await cents(unchanged.employeeId), []));
      // The next period: medical and dental at the new prices, marked Changed; her other lines and the other household unmarked.
      expect(amountsOf(second, divorced.employeeId)).toEqual(expected(after, [1, 2]));
      expect(amountsOf(second, unchanged.employeeId)).toEqual(expected(await cents(unchanged.employeeId), []));
      // No one else's line is marked Changed.
      expect(second.filter((r) => r[col('Change Since Last Period') - 1] === 'Changed').map((r) => r[col('Employee ID') - 1])).toEqual([String(divorced.employeeId), String(divorced.employeeId)]);
    } finally {
      clock.shiftMs = 0;
    }
  }, 90_000);
  it('keeps, for elections recorded without a signature, the state a life event replaced: the next file marks them Changed and an earlier one still deducts them', async () => {
    // Elections in force with no signed summary, as open enrollment's as-is renewal leaves them for an employee who
    // does not act (carry-over writes the rows, nobody signs). Closing an open enrollment on Acme would end the
    // period the other suites enroll in, so the rows are written as the seed writes them: a copy of Jane's, unsigned.
    const starts = await planYearStart();
    const unsigned = await copyOfJane(suite.db, 'Cora');
    const [signed] = await suite.db.query(`SELECT count(*)::int AS n FROM signature WHERE employee_id = $1`, [unsigned.employeeId]);
    expect(signed.n).toBe(0);
    clock.shiftMs = Math.max(0, Date.parse(`${addDays(starts, 45)}T17:00:00Z`) - Date.now());
    try {
      const today = todayIn(ZONE, clock.now());
      const [{ pay_periods: payPeriods }] = await suite.db.query(`SELECT pay_periods FROM client WHERE name = 'Acme Corp'`);
      const hr = await suite.t.login('hr@acme.test');
      const before = await cents(unsigned.employeeId);
      const eventDate = addDays(today, -3);
      const starting = payPeriodOf(deductionStartsOn(lifeEventEffectiveDate(LifeEventType.DivorceOrSeparation, eventDate), payPeriods), payPeriods);
      const period1 = previousPayPeriod(starting, payPeriods);
      const first = csvOf(await deductionCsv(hr, period1));
      expect(amountsOf(first, unsigned.employeeId)).toEqual(expected(before, []));

      await divorce(unsigned, eventDate, hr);
      const after = await cents(unsigned.employeeId);
      expect(Object.keys(after).filter((t) => after[t] !== before[t])).toEqual(['1', '2']);

      // The next period: medical and dental changed (not new: they were deducted the period before), the rest unmarked.
      expect(amountsOf(csvOf(await deductionCsv(hr, starting)), unsigned.employeeId)).toEqual(expected(after, [1, 2]));
      // The earlier period's file written again after the change: the same lines, at the amounts deducted then.
      expect(amountsOf(csvOf(await deductionCsv(hr, period1)), unsigned.employeeId)).toEqual(amountsOf(first, unsigned.employeeId));
    } finally {
      clock.shiftMs = 0;
    }
  }, 90_000);
});
