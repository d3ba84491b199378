import ExcelJS from 'exceljs';
import request from 'supertest';
import { hashSecret } from '../../api/src/core/auth/passwords';
import { ContributionEngine, type PricingPlan } from '../../api/src/contracts/engine';
import { CENSUS_HEADINGS, CENSUS_SHEET, CensusImportMessages } from '../../api/src/contracts/census-import';
import { Messages } from '../../api/src/contracts/messages';
import { PlanCatalogMessages } from '../../api/src/contracts/plan-catalog';
import { ImportMessages, RATE_SHEET_COLUMNS, RATE_SHEET_NAMES as S, type ImportIssue } from '../../api/src/contracts/rate-sheet';
import { acmeClientId, cloneAcmeClient, uniqueEmail } from '../support/fixtures';
import { appWithWorkers } from '../support/mail';
import { until } from '../support/wait';
import { ImportsService } from '../../api/src/modules/imports/imports.service';
import { RequestContext } from '../../api/src/core/context/request-context';
import type { CensusCommitProgress, CensusPreview } from '../../api/src/contracts/imports';
import { cleanRateSheet, toXlsx } from '../support/rate-sheet-fixture';
import { DEMO_PASSWORD } from '../support/test-env';

/**
 * Issue 29 items 2 and 4: a broker's agent loads a plan year's plans from a rate sheet and an employee list from
 * a census file. The client is a fixture (a copy of Acme's settings in an agency of its own, with its own agent
 * and a period Ready to Start): the clients API of issue 29 item 1 had not landed when this suite was written.
 */
describe('rate sheet and census imports', () => {
  const suite = appWithWorkers();
  const api = () => request(suite.t.server);
  let clientId: number;
  let periodId: number;
  let agent: string;
  let agentEmail: string;

  beforeAll(async () => {
    const db = suite.db;
    clientId = await cloneAcmeClient(db);
    const [{ agency_id: agencyId }] = (await db.query('SELECT agency_id FROM client WHERE id = $1', [clientId])) as Array<{ agency_id: number }>;
    agentEmail = uniqueEmail('agent');
    await db.query(
      `INSERT INTO account (agency_id, username, email, authentication_method, password_hash, role_type, first_name, last_name, registration_step, privacy_policy_agreed_at)
       VALUES ($1, $2, $2, 'email', $3, 1, 'Ada', 'Agent', 0, now())`,
      [agencyId, agentEmail, await hashSecret(DEMO_PASSWORD)],
    );
    // The plan year the agent prepares: a period not started yet (what item 4's first-period call leaves).
    [{ id: periodId }] = (await db.query(`INSERT INTO open_enrollment_period (client_id, title, start_date, end_date, is_current) VALUES ($1, 'Open Enrollment 2027', '2027-01-01', '2027-01-01', false) RETURNING id`, [clientId])) as Array<{ id: number }>;
    agent = await suite.t.login(agentEmail);
  });

  const upload = (path: string, token: string, file: Buffer, name: string) => api().post(`/mbl/api/${path}`).set('Authorization', `Bearer ${token}`).attach('file', file, name);
  const get = (path: string, token = agent) => api().get(`/mbl/api/${path}`).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object = {}, token = agent) => api().post(`/mbl/api/${path}`).set('Authorization', `Bearer ${token}`).send(body);
  /** The commit's job, followed through GET /census-imports/{id} until it is done or failed. */
  const finished = (id: number) =>
    until(async () => {
      const p = (await get(`census-imports/${id}`).expect(200)).body as CensusPreview;
      return p.progress && (p.progress.status === 'done' || p.progress.status === 'failed') ? p : null;
    }, `census import ${id}`);
  const strip = (issues: ImportIssue[]) => issues.map(({ sheet, row, column, cell, message }) => ({ sheet, row, column, cell, message }));

  describe('rate sheet', () => {
    let firstId: number;

    it('the template is an xlsx with every sheet and heading of the layout', async () => {
      const res = await get('rate-sheets/template').buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => cb(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      const bytes = res.body as Buffer;
      await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      for (const k of Object.keys(S) as Array<keyof typeof S>) {
        const ws = wb.getWorksheet(S[k])!;
        expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...RATE_SHEET_COLUMNS[k]]);
      }
      // The template's own example imports clean.
      const ok = await upload('rate-sheets', agent, res.body as Buffer, 'template.xlsx').expect(201);
      expect(ok.body.plans).toHaveLength(10);
    });

    it('a sheet with problems answers each with its sheet, row, column and cell, and imports nothing', async () => {
      const table = cleanRateSheet();
      table[S.plans]![0]!['Waiting period (days)'] = 'thirty';
      table[S.rates]![5]!['Monthly rate'] = '-900';
      table[S.fsa]![1]!.Account = 'Medical';
      table[S.planYear]![0]!['Plan year ends'] = '13/01/2027';
      const res = await upload('rate-sheets', agent, await toXlsx(table), 'rates.xlsx').expect(422);
      expect(res.body.message).toBe(ImportMessages.notClean);
      expect(strip(res.body.issues)).toEqual([
        { sheet: S.planYear, row: 2, column: 'Plan year ends', cell: 'B2', message: ImportMessages.notDate },
        { sheet: S.plans, row: 2, column: 'Waiting period (days)', cell: 'M2', message: ImportMessages.notWholeNumber },
        { sheet: S.rates, row: 7, column: 'Monthly rate', cell: 'E7', message: ImportMessages.notAmount },
        { sheet: S.fsa, row: 3, column: 'Account', cell: 'B3', message: 'Enter one of: Health, Dependent Care, Transit, Qualified Parking' },
      ]);
      expect((await get('plan-catalog').expect(200)).body.plans).toEqual([]);
    });

    it('a file that is not a workbook, or no file, is a 400', async () => {
      await upload('rate-sheets', agent, Buffer.from('Plan name,Plan type\nPPO,Group Medical\n'), 'rates.csv').expect(400);
      await post('rate-sheets').expect(400);
    });

    it('a clean sheet is previewed with the contribution engine’s prices, then committed into the period not started', async () => {
      const res = await upload('rate-sheets', agent, await toXlsx(cleanRateSheet()), 'rates.xlsx').expect(201);
      firstId = res.body.id;
      expect(res.body).toMatchObject({ fileName: 'rates.xlsx', planYearStart: '01/01/2027', planYearEnd: '12/31/2027', period: { id: periodId, title: 'Open Enrollment 2027' }, replaces: 0, sampleAge: 40, committed: false });
      const payPeriods = res.body.payPeriods as number;
      const engine = new ContributionEngine(payPeriods);
      const ppo: PricingPlan = {
        tierStructure: 4,
        rateType: 0,
        ratePeriod: 'monthly',
        contributionType: 1,
        employerContribution: { kind: 'percent', perTier: { '1': 80, '2': 60, '3': 60, '4': 50 } },
        rates: [
          { tier: 1, minAge: 0, maxAge: 150, costCents: 60000 },
          { tier: 2, minAge: 0, maxAge: 150, costCents: 120000 },
          { tier: 3, minAge: 0, maxAge: 150, costCents: 110000 },
          { tier: 4, minAge: 0, maxAge: 150, costCents: 170000 },
        ],
      };
      const money = (c: number) => (c / 100).toFixed(2);
      const shown = res.body.plans.find((p: { name: string }) => p.name === 'PPO 1000');
      expect(shown).toMatchObject({ planType: 'Group Medical', carrier: 'Example Health', waitingPeriodDays: 30, minWorkHours: 30, dependentMaxAge: 26, sbcFileName: 'PPO 1000 SBC' });
      for (const tier of [1, 2, 3, 4] as const) {
        const cost = engine.tierPrice(ppo, tier, 40)!;
        expect(shown.tiers.find((t: { tier: number }) => t.tier === tier)).toMatchObject({
          employee: money(cost.employeeCents),
          employer: money(cost.employerCents),
          employeeAnnual: money(cost.annualEmployeeCents),
          employerAnnual: money(cost.annualEmployerCents),
        });
      }
      // Voluntary life 'from' its smallest amount at the sample age; a different age reads another band.
      const vl = { tierStructure: 5, rateType: 2, ratePeriod: 'monthly', contributionType: 1, employerContribution: { kind: 'none', perTier: {} }, rates: [{ tier: 1, minAge: 50, maxAge: 150, costCents: 350 }] } satisfies PricingPlan;
      const rules = { employee: { minCents: 1_000_000, maxCents: 50_000_000, incrementCents: 1_000_000, giCents: 15_000_000 }, spouse: null, child: null, reductions: [] };
      const older = (await get(`rate-sheets/${firstId}?age=55`).expect(200)).body.plans.find((p: { name: string }) => p.name === 'Voluntary Life');
      expect(older.tiers[0]).toMatchObject({ from: true, employee: money(engine.voluntaryLifeFromPrice(vl, rules, 55)!.employeeCents) });

      const done = await post(`rate-sheets/${firstId}/commit`).expect(200);
      expect(done.body).toMatchObject({ periodId, plans: 10, sbcLinked: 0 });
      const catalog = (await get('plan-catalog').expect(200)).body;
      expect(catalog.period).toMatchObject({ id: periodId });
      expect(catalog.plans.map((p: { name: string }) => p.name).sort()).toEqual(['Basic Life', 'Dental Basic', 'FSA', 'HDHP 3000', 'HRA', 'HSA', 'LTD', 'PPO 1000', 'Vision', 'Voluntary Life']);
      const stored = (await suite.db.query(
        `SELECT p.name, p.effective_date::text AS start, p.min_work_hours, h.name AS hsa, p.employer_contributes, (SELECT count(*)::int FROM plan_rate r WHERE r.plan_id = p.id) AS rates
           FROM plan p LEFT JOIN plan h ON h.id = p.hsa_plan_id WHERE p.open_enrollment_period_id = $1 ORDER BY p.name`,
        [periodId],
      )) as Array<{ name: string; start: string; min_work_hours: number | null; hsa: string | null; employer_contributes: boolean; rates: number }>;
      expect(stored.find((p) => p.name === 'HDHP 3000')).toMatchObject({ start: '2027-01-01', hsa: 'HSA', employer_contributes: true, rates: 4 });
      expect(stored.find((p) => p.name === 'Voluntary Life')).toMatchObject({ rates: 7, employer_contributes: false });
      expect(stored.find((p) => p.name === 'PPO 1000')!.min_work_hours).toBe(30);
      const [audit] = (await suite.db.query(`SELECT description FROM audit_log WHERE client_id = $1 AND event_type = 'Plans' ORDER BY id DESC LIMIT 1`, [clientId])) as Array<{ description: string }>;
      expect(audit!.description).toBe('Rate sheet rates.xlsx imported into Open Enrollment 2027: 10 plan(s)');
      await post(`rate-sheets/${firstId}/commit`).expect(409);
    });

    it('a corrected sheet replaces the draft', async () => {
      const table = cleanRateSheet();
      table[S.rates]![0]!['Monthly rate'] = '650.00';
      table[S.plans] = table[S.plans]!.filter((p) => p['Plan name'] !== 'HRA');
      delete table[S.hra];
      const res = await upload('rate-sheets', agent, await toXlsx(table), 'rates-v2.xlsx').expect(201);
      expect(res.body.replaces).toBe(10);
      await post(`rate-sheets/${res.body.id}/commit`).expect(200);
      const catalog = (await get('plan-catalog').expect(200)).body;
      expect(catalog.plans).toHaveLength(9);
      const ppo = catalog.plans.find((p: { name: string }) => p.name === 'PPO 1000');
      expect(ppo.rates[0]).toEqual({ tier: 1, minAge: 0, maxAge: 150, amount: '650.00' });
      expect((await suite.db.query('SELECT count(*)::int AS n FROM plan WHERE open_enrollment_period_id = $1', [periodId]))[0].n).toBe(9);
    });

    it('one plan edited on screen: its eligibility and employer shares, audited', async () => {
      const catalog = (await get('plan-catalog').expect(200)).body;
      const dental = catalog.plans.find((p: { name: string }) => p.name === 'Dental Basic');
      const body = { name: 'Dental Basic', carrier: 'Example Dental', waitingPeriodDays: '60', minWorkHours: '20', dependentMaxAge: '26', employerKind: 'amount', employerTier1: '15.00', employerTier2: '20', employerTier3: '20.00', employerTier4: '25.50' };
      const res = await api().put(`/mbl/api/plan-catalog/${dental.id}`).set('Authorization', `Bearer ${agent}`).send(body).expect(200);
      expect(res.body).toMatchObject({ waitingPeriodDays: 60, minWorkHours: 20, employerContribution: { kind: 'amount', perTier: { '1': 1500, '2': 2000, '3': 2000, '4': 2550 } } });
      const bad = await api().put(`/mbl/api/plan-catalog/${dental.id}`).set('Authorization', `Bearer ${agent}`).send({ ...body, employerKind: 'percent', employerTier1: '150' }).expect(400);
      expect(bad.body.errors).toContainEqual({ path: 'employerTier1', message: PlanCatalogMessages.notPercent });
      const [audit] = (await suite.db.query(`SELECT description, data FROM audit_log WHERE client_id = $1 AND event_type = 'Plans' ORDER BY id DESC LIMIT 1`, [clientId])) as Array<{ description: string; data: Array<{ title: string; changed: boolean }> }>;
      expect(audit!.description).toBe('Plan Dental Basic edited');
      expect(audit!.data.filter((d) => d.changed).map((d) => d.title)).toEqual(['Waiting period (days)', 'Minimum work hours', 'Dependent age limit', 'Employer contribution']);
    });

    it('one plan’s rates edited on screen: read back, audited old → new; a bad rate answers 400 and changes nothing', async () => {
      const put = (id: number, body: object) => api().put(`/mbl/api/plan-catalog/${id}`).set('Authorization', `Bearer ${agent}`).send(body);
      const plans = (await get('plan-catalog').expect(200)).body.plans as Array<{ id: number; name: string; rates: Array<{ tier: number; minAge: number; maxAge: number; amount: string }> }>;
      const dental = plans.find((p) => p.name === 'Dental Basic')!;
      expect(dental.rates.map((r) => r.amount)).toEqual(['30.00', '60.00', '65.00', '95.00']);
      // The plan as the previous edit left it: only its rates change.
      const body = { name: 'Dental Basic', carrier: 'Example Dental', waitingPeriodDays: '60', minWorkHours: '20', dependentMaxAge: '26', employerKind: 'amount', employerTier1: '15.00', employerTier2: '20', employerTier3: '20.00', employerTier4: '25.50' };
      const rates = dental.rates.map((r) => ({ ...r, amount: r.tier === 1 ? '$32.50' : r.amount }));
      const res = await put(dental.id, { ...body, rates }).expect(200);
      expect(res.body.rates).toEqual([
        { tier: 1, minAge: 0, maxAge: 150, amount: '32.50' },
        { tier: 2, minAge: 0, maxAge: 150, amount: '60.00' },
        { tier: 3, minAge: 0, maxAge: 150, amount: '65.00' },
        { tier: 4, minAge: 0, maxAge: 150, amount: '95.00' },
      ]);
      expect((await get(`plan-catalog/${dental.id}`).expect(200)).body.rates[0]).toEqual({ tier: 1, minAge: 0, maxAge: 150, amount: '32.50' });
      const [audit] = (await suite.db.query(`SELECT description, data FROM audit_log WHERE client_id = $1 AND event_type = 'Plans' ORDER BY id DESC LIMIT 1`, [clientId])) as Array<{
        description: string;
        data: Array<{ title: string; oldValue: string | null; newValue: string | null; changed: boolean }>;
      }>;
      expect(audit!.description).toBe('Plan Dental Basic edited; rates: Single $30.00 → $32.50');
      expect(audit!.data.filter((d) => d.changed)).toEqual([{ title: 'Rate: Single', oldValue: '30.00', newValue: '32.50', changed: true }]);

      // Voluntary life: one age band of the employee repriced; the plan stays priced by amount and age.
      const vl = plans.find((p) => p.name === 'Voluntary Life')!;
      const vlRates = vl.rates.map((r) => ({ ...r, amount: r.tier === 1 && r.minAge === 40 ? '1.75' : r.amount }));
      expect((await put(vl.id, { name: 'Voluntary Life', employerKind: 'none', rates: vlRates }).expect(200)).body.rates).toContainEqual({ tier: 1, minAge: 40, maxAge: 49, amount: '1.75' });
      expect((await suite.db.query('SELECT rate_type FROM plan WHERE id = $1', [vl.id]))[0]).toEqual({ rate_type: 2 });

      const stored = async () => (await suite.db.query('SELECT tier, min_age, max_age, cost_cents FROM plan_rate WHERE plan_id = $1 ORDER BY tier, min_age', [dental.id])) as unknown[];
      const auditCount = async () => (await suite.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE client_id = $1`, [clientId]))[0].n as number;
      const [before, auditsBefore] = [await stored(), await auditCount()];
      const refusals: Array<[string, object, { path: string; message: string }]> = [
        ['a negative rate', { rates: rates.map((r, i) => (i === 2 ? { ...r, amount: '-65.00' } : r)) }, { path: 'rates.2.amount', message: ImportMessages.notAmount }],
        ['an overlapping band', { rates: [...rates, { tier: 4, minAge: 60, maxAge: 150, amount: '99.00' }] }, { path: 'rates.4.tier', message: ImportMessages.duplicateRate }],
        ['an unknown tier', { rates: [...rates, { tier: 7, minAge: 0, maxAge: 150, amount: '99.00' }] }, { path: 'rates.4.tier', message: ImportMessages.notATier(['Single', 'Husband/Wife', 'Parent/Child', 'Family']) }],
        ['a tier left without a price', { rates: rates.slice(1) }, { path: 'rates', message: ImportMessages.missingTierRate('Single') }],
      ];
      for (const [, change, error] of refusals) {
        const bad = await put(dental.id, { ...body, name: 'Dental Renamed', ...change }).expect(400);
        expect({ message: bad.body.message, errors: bad.body.errors }).toEqual({ message: error.message, errors: [error] });
      }
      expect(await stored()).toEqual(before);
      expect(await auditCount()).toBe(auditsBefore);
      expect((await get(`plan-catalog/${dental.id}`).expect(200)).body.name).toBe('Dental Basic');
    });

    it("another client's import or plan is 404; HR and employees may not import plans", async () => {
      const hr = await suite.t.login('hr@acme.test');
      const seededAgent = await suite.t.login('agent@harbor.test');
      // Harbor's agent uploads for Acme (no period waiting there: the preview says so and nothing is committed).
      const acme = await upload('rate-sheets', seededAgent, await toXlsx(cleanRateSheet()), 'acme.xlsx').expect(201);
      expect(acme.body.period).toBeNull();
      await get(`rate-sheets/${acme.body.id}`).expect(404);
      await post(`rate-sheets/${acme.body.id}/commit`).expect(404);
      await post(`rate-sheets/${acme.body.id}/commit`, {}, seededAgent).expect(409);
      const [acmePlan] = (await suite.db.query('SELECT id FROM plan WHERE client_id = $1 LIMIT 1', [await acmeClientId(suite.db)])) as Array<{ id: number }>;
      await get(`plan-catalog/${acmePlan!.id}`).expect(404);
      await api().put(`/mbl/api/plan-catalog/${acmePlan!.id}`).set('Authorization', `Bearer ${agent}`).send({ name: 'x', employerKind: 'none' }).expect(404);
      await get('rate-sheets/template', hr).expect(403);
      await upload('rate-sheets', hr, await toXlsx(cleanRateSheet()), 'r.xlsx').expect(403);
      await get('plan-catalog', await suite.t.login('jane@acme.test')).expect(403);
      // A plan of a started period is not edited here (Acme's current plans).
      await api().put(`/mbl/api/plan-catalog/${acmePlan!.id}`).set('Authorization', `Bearer ${seededAgent}`).send({ name: 'x', employerKind: 'none' }).expect(409);
    });
  });

  describe('census file', () => {
    const people = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({
        'First name': `Casey${i + 1}`,
        'Last name': `Import${tag}`,
        Email: uniqueEmail(`census${i + 1}`),
        'Access group': 'Full-Time Employees',
        'Employment status': 'Full-Time',
        'Hire date': '01/04/2027',
        'Birth date': '03/15/1985',
        Gender: 'Female',
        'Work hours': '40',
      }));
    const census = (rows: Array<Record<string, string>>) => toXlsx({ [CENSUS_SHEET]: rows }, () => CENSUS_HEADINGS);

    it('ten employees with one bad row: the row is reported and nobody is added', async () => {
      const rows = people(10, 'A');
      rows[4]!['Hire date'] = '2027-01-04';
      const res = await upload('census-imports', agent, await census(rows), 'census.xlsx').expect(422);
      expect(strip(res.body.issues)).toEqual([{ sheet: CENSUS_SHEET, row: 6, column: 'Hire date', cell: 'J6', message: Messages.dateInvalid }]);
      expect((await suite.db.query(`SELECT count(*)::int AS n FROM employee WHERE client_id = $1`, [clientId]))[0].n).toBe(0);
    });

    it('an email another account uses is reported on its row', async () => {
      const rows = people(2, 'B');
      rows[1]!.Email = agentEmail;
      const res = await upload('census-imports', agent, await census(rows), 'census.xlsx').expect(422);
      expect(strip(res.body.issues)).toEqual([{ sheet: CENSUS_SHEET, row: 3, column: 'Email', cell: 'D3', message: CensusImportMessages.emailTaken }]);
    });

    it('a clean file of ten adds ten employees as Add New Employee does, with the welcome emails when chosen', async () => {
      const rows = people(10, 'C');
      const res = await upload('census-imports', agent, await census(rows), 'census.xlsx').expect(201);
      expect(res.body).toMatchObject({ count: 10, committed: false });
      expect(res.body.employees[0]).toEqual({ row: 2, firstName: 'Casey1', lastName: 'ImportC', email: rows[0]!.Email, hireDate: '01/04/2027' });
      const mark = suite.mail.mark();
      const queued = await post(`census-imports/${res.body.id}/commit`, { sendEmail: true }).expect(202);
      expect(queued.body.progress).toMatchObject({ rowsTotal: 10, sendEmail: true, issues: [] });
      expect(['queued', 'running', 'done']).toContain(queued.body.progress.status);
      const done = await finished(res.body.id);
      expect(done.progress).toEqual<CensusCommitProgress>({ status: 'done', rowsDone: 10, rowsTotal: 10, percent: 100, sendEmail: true, issues: [] });
      expect(done.committed).toBe(true);
      const list = (await get('employees?perPage=50').expect(200)).body.result as Array<{ firstName: string; lastName: string }>;
      expect(list.filter((e) => e.lastName === 'ImportC')).toHaveLength(10);
      for (const r of rows) {
        const mail = await suite.mail.next(r.Email, /finish your registration/, mark);
        expect(mail.text).toContain('/mbl/registration?token=');
      }
      const [person] = (await suite.db.query(`SELECT work_hours::float8 AS hours, gender, group_id, (SELECT count(*)::int FROM enrollment en WHERE en.employee_id = e.id) AS rows FROM employee e WHERE client_id = $1 AND email = $2`, [clientId, rows[0]!.Email])) as Array<{ hours: number; gender: number; group_id: number; rows: number }>;
      expect(person).toMatchObject({ hours: 40, gender: 2, group_id: 1 });
      await post(`census-imports/${res.body.id}/commit`, { sendEmail: true }).expect(409);
    });

    it('an address taken between upload and commit is reported on its row, and nobody of that file is added', async () => {
      const rows = people(3, 'G');
      const first = await upload('census-imports', agent, await census(rows), 'census.xlsx').expect(201);
      const again = await upload('census-imports', agent, await census([people(1, 'H')[0]!, rows[1]!]), 'again.xlsx').expect(201);
      await post(`census-imports/${first.body.id}/commit`, { sendEmail: false }).expect(202);
      expect((await finished(first.body.id)).progress?.status).toBe('done');
      await post(`census-imports/${again.body.id}/commit`, { sendEmail: false }).expect(202);
      const res = await finished(again.body.id);
      expect(res.progress).toMatchObject({ status: 'failed', rowsDone: 0, rowsTotal: 2 });
      expect(strip(res.progress!.issues)).toEqual([{ sheet: CENSUS_SHEET, row: 3, column: 'Email', cell: '', message: Messages.emailInUse }]);
      expect(res.committed).toBe(false);
      await post(`census-imports/${again.body.id}/commit`, { sendEmail: false }).expect(409);
      expect((await suite.db.query(`SELECT count(*)::int AS n FROM employee WHERE client_id = $1 AND last_name = 'ImportH'`, [clientId]))[0].n).toBe(0);
      // Each person committed in bulk has Add New Employee's audit entry, by the agent, with the fields it records.
      const audits = (await suite.db.query(
        `SELECT a.description, a.performed_by IS NOT NULL AS by_someone, a.data FROM audit_log a JOIN employee e ON e.id = a.employee_id
          WHERE e.client_id = $1 AND e.last_name = 'ImportG' AND a.event_type = 'Employee' AND a.action_type = 'create' ORDER BY e.id`,
        [clientId],
      )) as Array<{ description: string; by_someone: boolean; data: Array<{ title: string; newValue: string | null }> }>;
      expect(audits.map((a) => a.description)).toEqual(['Employee Casey1 ImportG added', 'Employee Casey2 ImportG added', 'Employee Casey3 ImportG added']);
      expect(audits.every((a) => a.by_someone)).toBe(true);
      expect(audits[0]!.data.find((d) => d.title === 'First name')?.newValue).toBe('Casey1');
    });

    it("the commit's job run again at the same time (a retry after a worker died, the re-drive) adds each row once", async () => {
      const rows = people(4, 'K');
      const res = await upload('census-imports', agent, await census(rows), 'census.xlsx').expect(201);
      await post(`census-imports/${res.body.id}/commit`, { sendEmail: true }).expect(202);
      // Two more runs of the same job beside the one the workers took: each chunk locks the batch and skips what is added.
      const imports = suite.mail.workers.get(ImportsService, { strict: false });
      const context = suite.mail.workers.get(RequestContext, { strict: false });
      const data = { importId: res.body.id as number, clientId, requestedBy: null };
      const runs = await Promise.all([1, 2].map(() => context.runAs(data, () => imports.runCensusCommit(data, { id: 'again', attemptsMade: 0, attempts: 5 }))));
      expect((await finished(res.body.id)).progress).toMatchObject({ status: 'done', rowsDone: 4, rowsTotal: 4 });
      expect(runs.reduce((n, r) => n + r.added, 0)).toBeLessThanOrEqual(4);
      const added = (await suite.db.query(`SELECT count(*)::int AS n FROM employee WHERE client_id = $1 AND last_name = 'ImportK'`, [clientId])) as Array<{ n: number }>;
      expect(added[0]!.n).toBe(4);
      const emails = (await suite.db.query(`SELECT count(*)::int AS n FROM email_message m WHERE lower(m.to_address) = ANY ($1)`, [rows.map((r) => r.Email.toLowerCase())])) as Array<{ n: number }>;
      expect(emails[0]!.n).toBe(4);
      const summary = (await suite.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE client_id = $1 AND description LIKE 'Census file census.xlsx imported: 4 %'`, [clientId])) as Array<{ n: number }>;
      expect(summary[0]!.n).toBe(1);
    });

    it('a CSV file without welcome emails', async () => {
      const rows = people(2, 'D');
      const csv = [CENSUS_HEADINGS.join(','), ...rows.map((r) => CENSUS_HEADINGS.map((h) => r[h as keyof typeof r] ?? '').join(','))].join('\r\n');
      const res = await upload('census-imports', agent, Buffer.from(csv), 'census.csv').expect(201);
      await post(`census-imports/${res.body.id}/commit`, { sendEmail: false }).expect(202);
      expect((await finished(res.body.id)).progress).toMatchObject({ status: 'done', rowsDone: 2, sendEmail: false });
      const queued = (await suite.db.query(
        `SELECT count(*)::int AS n FROM email_message m JOIN employee e ON lower(e.email) = lower(m.to_address) WHERE e.client_id = $1 AND e.last_name = 'ImportD'`,
        [clientId],
      )) as Array<{ n: number }>;
      expect(queued[0]!.n).toBe(0);
      expect((await suite.db.query(`SELECT count(*)::int AS n FROM employee WHERE client_id = $1 AND last_name = 'ImportD' AND welcome_email_sent_at IS NULL`, [clientId]))[0].n).toBe(2);
    });

    it("another client's census import is 404; the templates download", async () => {
      const hr = await suite.t.login('hr@acme.test');
      const acme = await upload('census-imports', hr, await census(people(1, 'E')), 'acme.xlsx').expect(201);
      await get(`census-imports/${acme.body.id}`).expect(404);
      await post(`census-imports/${acme.body.id}/commit`, { sendEmail: false }).expect(404);
      const csv = await get('census-imports/template?format=csv').expect(200);
      expect(csv.text.split('\r\n')[0]).toBe(CENSUS_HEADINGS.join(','));
      await get('census-imports/template').expect(200);
      await get('census-imports/template', await suite.t.login('jane@acme.test')).expect(403);
    });
  });

  it('OpenAPI documents every call', async () => {
    const doc = (await api().get('/mbl/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths['/mbl/api/rate-sheets']!)).toEqual(['post']);
    expect(doc.paths['/mbl/api/rate-sheets']!.post!.responses['422']).toBeDefined();
    for (const p of ['/mbl/api/rate-sheets/template', '/mbl/api/rate-sheets/{id}', '/mbl/api/rate-sheets/{id}/commit', '/mbl/api/census-imports', '/mbl/api/census-imports/template', '/mbl/api/census-imports/{id}', '/mbl/api/census-imports/{id}/commit', '/mbl/api/plan-catalog', '/mbl/api/plan-catalog/{id}']) {
      expect(doc.paths[p]).toBeDefined();
    }
    // The plan form's body carries the rates (from the contract).
    const ref = (doc.paths['/mbl/api/plan-catalog/{id}']!.put as unknown as { requestBody: { content: Record<string, { schema: { $ref: string } }> } }).requestBody.content['application/json']!.schema.$ref;
    const schemas = (doc as unknown as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } }).components.schemas;
    expect(Object.keys(schemas[ref.split('/').pop()!]!.properties)).toContain('rates');
  });
});
