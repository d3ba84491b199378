import request from 'supertest';
import { ClientMessages, type ClientDetail } from '../../api/src/contracts';
import { CENSUS_HEADINGS, CENSUS_SHEET } from '../../api/src/contracts/census-import';
import { ContributionEngine } from '../../api/src/contracts/engine/contribution-engine';
import type { Dashboard } from '../../api/src/contracts/status-dashboard';
import type { CensusPreview } from '../../api/src/contracts/imports';
import { centsToDecimal } from '../../api/src/contracts/engine/money';
import { ImportMessages, RATE_SHEET_NAMES as S, type ImportIssue } from '../../api/src/contracts/rate-sheet';
import { PLAN_SQL, pricingOf, type PlanRecord } from '../../api/src/modules/plans/plan-model';
import { uniqueEmail } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';
import { until } from '../support/wait';
import { cleanRateSheet, toXlsx } from '../support/rate-sheet-fixture';

/**
 * Issue 29 item 5, the proof: an employer exists only through the product's own calls. Harbor's agent makes the
 * client, prepares its first open enrollment, uploads a rate sheet with mistakes (each reported) and then a clean
 * one, invites the client's HR administrator (who registers from the email), loads ten employees from a census
 * file with their welcome emails; HR starts open enrollment; one employee registers from her email, enrolls and
 * signs, and what she pays is the contribution engine's price for that plan and tier. No SQL writes, no seed rows
 * for this client (the database is only read, to compare with the engine).
 */
describe('a broker sets up an employer from nothing, and its first open enrollment runs', () => {
  const suite = appWithWorkers();
  const http = () => request(suite.t.server);
  const call = (jwt: string, method: 'get' | 'put' | 'post', path: string) => http()[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const name = `Lakeside Bakery ${Date.now()}`;
  const strip = (issues: ImportIssue[]) => issues.map(({ sheet, row, column, message }) => ({ sheet, row, column, message }));

  it('client, rate sheet, HR, census, open enrollment, and an employee enrolled at the engine’s price', async () => {
    const agent = await suite.t.login('agent@harbor.test');

    // 1. The client, with its settings; the switcher lists it at once.
    const client = (
      await call(agent, 'post', '/agency/clients')
        .send({
          name,
          website: 'https://lakeside.example',
          headerColor: '#22543D',
          footerColor: '#F0FFF4',
          timeZone: 'America/New_York',
          payPeriods: 26,
          planYearStartMonth: 1,
          enableOnboarding: false,
          i9Enabled: false,
          w4Enabled: false,
          payrollEnabled: false,
          eeoEnabled: false,
          enableMidyearChanges: true,
          requireSsn: true,
          authenticationMethod: 'email',
          contacts: [],
          accessGroupIds: [1, 2],
          officeIds: [1],
        })
        .expect(201)
    ).body as ClientDetail;
    expect((await call(agent, 'get', '/agency').expect(200)).body.clients).toContainEqual(expect.objectContaining({ id: client.id, name }));

    // 2. Its first period: open enrollment for the 2027 plan year, Ready to Start. Only once.
    await call(agent, 'post', `/agency/clients/${client.id}/first-period`).send({ kind: 'open-enrollment', startDate: '01/01/2027' }).expect(200);
    expect((await call(agent, 'post', `/agency/clients/${client.id}/first-period`).send({ kind: 'open-enrollment', startDate: '01/01/2027' }).expect(409)).body.message).toBe(ClientMessages.periodExists);

    // 3. The agent opens the client and uploads the rate sheet: first with mistakes, each reported where it is.
    const opened = ((await call(await suite.t.login('agent@harbor.test'), 'post', `/agency/clients/${client.id}/open`).expect(200)).body as { jwt: string }).jwt;
    const wrong = cleanRateSheet();
    wrong[S.plans]![0]!['Waiting period (days)'] = 'thirty';
    wrong[S.rates]![1]!['Monthly rate'] = '-1200';
    const refused = await call(opened, 'post', '/rate-sheets').attach('file', await toXlsx(wrong), 'rates.xlsx').expect(422);
    expect(refused.body.message).toBe(ImportMessages.notClean);
    expect(strip(refused.body.issues)).toEqual([
      { sheet: S.plans, row: 2, column: 'Waiting period (days)', message: ImportMessages.notWholeNumber },
      { sheet: S.rates, row: 3, column: 'Monthly rate', message: ImportMessages.notAmount },
    ]);
    const preview = (await call(opened, 'post', '/rate-sheets').attach('file', await toXlsx(cleanRateSheet()), 'rates.xlsx').expect(201)).body as { id: number; plans: unknown[] };
    expect(preview.plans).toHaveLength(10);
    await call(opened, 'post', `/rate-sheets/${preview.id}/commit`).send({}).expect(200);
    expect((await call(agent, 'get', `/agency/clients/${client.id}/first-period`).expect(200)).body.period).toMatchObject({ state: 'ready', plans: 10 });

    // 4. The client's HR administrator, invited by the agent, registers from the email.
    const hrEmail = uniqueEmail('hr-lakeside');
    let mark = suite.mail.mark();
    await call(agent, 'post', `/agency/clients/${client.id}/hr-administrators`).send({ firstName: 'Ines', lastName: 'Baker', email: hrEmail }).expect(201);
    const hrToken = linkFrom(await suite.mail.next(hrEmail, /administer/, mark), '/mbl/registration').searchParams.get('token');
    await http().post('/mbl/api/registration').send({ token: hrToken, password: 'Lakeside-HR-2027', securityQuestionId: '1', securityAnswer: 'Rye' }).expect(200);
    const hr = await suite.t.login(hrEmail, 'Lakeside-HR-2027');

    // 5. Ten employees from a census file, with their welcome emails (the agent's upload, as Add New Employee ten times).
    const people = Array.from({ length: 10 }, (_, i) => ({
      'First name': `Pat${i + 1}`,
      'Last name': 'Lakeside',
      Email: uniqueEmail(`lakeside${i + 1}`),
      'Access group': 'Full-Time Employees',
      'Employment status': 'Full-Time',
      'Hire date': '06/01/2025',
      'Birth date': '03/15/1985',
      Gender: 'Female',
      'Work hours': '40',
    }));
    const censusFile = await toXlsx({ [CENSUS_SHEET]: people }, () => CENSUS_HEADINGS);
    const census = (await call(opened, 'post', '/census-imports').attach('file', censusFile, 'census.xlsx').expect(201)).body as { id: number; count: number };
    expect(census.count).toBe(10);
    mark = suite.mail.mark();
    await commitCensus(opened, census.id);
    const listed = (await call(hr, 'get', '/employees?perPage=50').expect(200)).body.result as Array<{ lastName: string }>;
    expect(listed.filter((e) => e.lastName === 'Lakeside')).toHaveLength(10);
    const welcome = await suite.mail.next(people[0]!.Email, /finish your registration/, mark);

    // 6. HR starts open enrollment with the imported plans.
    const oe = (await call(hr, 'get', '/openEnrollment').expect(200)).body as { periods: Array<{ id: number; state: string }>; plans: Array<{ id: number; effectiveDate: string }> };
    const period = oe.periods.find((p) => p.state === 'ready')!;
    expect(oe.plans).toHaveLength(10);
    const started = (
      await call(hr, 'post', '/openEnrollment')
        .send({ openEnrollmentId: period.id, endDate: '12/31/2026', plans: oe.plans.map((p) => ({ id: p.id, effectiveDate: p.effectiveDate })), sendEmail: false })
        .expect(200)
    ).body as { periods: Array<{ id: number; state: string }> };
    expect(started.periods.find((p) => p.id === period.id)).toMatchObject({ state: 'active' });

    // 7. The first employee registers from her email, enrolls alone in the PPO and signs.
    const token = linkFrom(welcome, '/mbl/registration').searchParams.get('token');
    const jwt = ((await http().post('/mbl/api/registration').send({ token, password: 'Lakeside-pat-2027', securityQuestionId: '1', securityAnswer: 'Rye' }).expect(200)).body as { jwt: string }).jwt;
    expect((await call(jwt, 'get', '/me').expect(200)).body).toMatchObject({ clientName: name, electionWindow: { open: true, why: 'open-enrollment' } });
    await call(jwt, 'put', '/employee')
      .send({ firstName: 'Pat1', lastName: 'Lakeside', birthDate: '03/15/1985', gender: '2', smoker: '0', maritalStatusId: '1', ssn: '123-45-6701', address1: '1 Lake Road', zip: '02110', city: 'Boston', state: 'MA', cellPhone: '617-555-0101', cellPhoneIndex: 2 })
      .expect(200);
    const rows = (await call(jwt, 'get', '/enrollments').expect(200)).body as Array<{ id: number; planTypeId: number; contributionAmount: string }>;
    const medical = rows.find((r) => r.planTypeId === 1)!;
    const ppo = ((await call(jwt, 'get', '/plans?type=1').expect(200)).body as Array<{ id: number; title: string }>).find((p) => p.title === 'PPO 1000')!;
    await call(jwt, 'put', `/enrollments/${medical.id}`).send({ status: '1', planId: ppo.id, dependents: [] }).expect(200);
    await call(jwt, 'post', '/forms').send({ signature: dataUrl(strokePng()) }).expect(201);

    // What she pays: the engine's price of that plan at her tier (employee only), per paycheck and per year.
    const [plan] = (await suite.db.query(`${PLAN_SQL} WHERE p.id = $1`, [ppo.id])) as PlanRecord[];
    const price = new ContributionEngine(26).peoplePrice(pricingOf(plan!), [], null)!;
    const summary = (await call(jwt, 'get', '/summary').expect(200)).body as Array<{ planTypeId: number; planName: string; contributionAmount: string; annualContributionAmount: string; employerContributionAmount: string; payPeriods: number }>;
    expect(summary.find((r) => r.planTypeId === 1)).toMatchObject({
      planName: 'PPO 1000',
      payPeriods: 26,
      contributionAmount: centsToDecimal(price.employeeCents),
      annualContributionAmount: centsToDecimal(price.annualEmployeeCents),
      employerContributionAmount: centsToDecimal(price.employerCents),
    });
    // 80% of $600.00 a month is the employer's: she pays $120.00 a month, $1,440.00 a year over 26 paychecks of $55.38.
    expect(price.employeeCents).toBe(55_38);
    expect(price.annualEmployeeCents).toBe(55_38 * 26);
    const after = (await call(jwt, 'get', '/enrollments').expect(200)).body as Array<{ planTypeId: number; contributionAmount: string }>;
    expect(after.find((r) => r.planTypeId === 1)!.contributionAmount).toBe(centsToDecimal(price.employeeCents));

    // HR's Status Dashboard counts the ten, her signature and her medical election.
    const dashboard = (await call(hr, 'get', `/dashboards/${period.id}`).expect(200)).body as Dashboard;
    expect(dashboard.totals.all).toBe(10);
    const pat = dashboard.users.find((u) => u.firstName === 'Pat1')!;
    expect(pat).toMatchObject({ signature: true });
    expect(pat.enrollments.find((e) => e.planTypeId === 1)).toMatchObject({ status: '1' });
    // The whole story waits on the workers' census job too: more than jest's 30 s default on a loaded machine.
  }, 120_000);

  /** The census file's commit: Add New Employee for each row, by the workers' job, followed until it is done. */
  async function commitCensus(jwt: string, id: number): Promise<void> {
    await call(jwt, 'post', `/census-imports/${id}/commit`).send({ sendEmail: true }).expect(202);
    const done = await until(async () => {
      const p = (await call(jwt, 'get', `/census-imports/${id}`).expect(200)).body as CensusPreview;
      return p.progress?.status === 'done' || p.progress?.status === 'failed' ? p : null;
    }, 'the census commit');
    expect(done.progress).toEqual({ status: 'done', rowsDone: 10, rowsTotal: 10, percent: 100, sendEmail: true, issues: [] });
  }
});
