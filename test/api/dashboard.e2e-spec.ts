import request from 'supertest';
import { DataSource } from 'typeorm';
import { summaryTables, type CarrierLinkRow, type PlanEnrollmentSummary } from '../../api/src/contracts/dashboard';
import type { Enrollment } from '../../api/src/contracts/enrollments';
import { createTestApp, type TestApp } from '../support/app';
import { createOtherTenant, createPerson, employeeIdOf } from '../support/fixtures';

describe('summary and dashboard data', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = () => request(t.server);
  const auth = (jwt: string) => ({ Authorization: `Bearer ${jwt}` });

  it("answers jane's elected and declined plans as the summary view, matching GET /enrollments", async () => {
    const jwt = await t.login('jane@acme.test');
    const list = (await api().get('/mbl/api/summary').set(auth(jwt)).expect(200)).body as PlanEnrollmentSummary[];
    const enrollments = (await api().get('/mbl/api/enrollments').set(auth(jwt)).expect(200)).body as Enrollment[];
    const tables = summaryTables(list);
    expect(tables.elected.map((r) => r.planTypeId).sort()).toEqual(enrollments.filter((e) => e.status === '1').map((e) => e.planTypeId).sort());
    expect(tables.declined.map((r) => r.planTypeId).sort()).toEqual(enrollments.filter((e) => e.status === '-1' || e.status === '-2').map((e) => e.planTypeId).sort());
    expect(tables.declined.length).toBeGreaterThan(0);
    const medical = list.find((r) => r.planTypeId === 1)!;
    // Priced at the tier her people make, and named so (issue 28 item 1); a declined row has none.
    expect(medical).toMatchObject({ status: '1', planType: 'Group Medical', dependents: ['John Doe', 'Lily Doe'], tierLabel: 'Family' });
    expect(tables.declined.every((r) => r.tierLabel === null)).toBe(true);
    expect(medical.eligibilityDate).toMatch(/^01\/01\/\d{4}$/);
    for (const r of list) {
      const e = enrollments.find((x) => x.planTypeId === r.planTypeId)!;
      expect(r.contributionAmount).toBe(e.contributionAmount);
    }
    const totalCents = enrollments.filter((e) => e.status === '1').reduce((s, e) => s + Math.round(Number(e.contributionAmount) * 100), 0);
    expect(Math.round(Number(tables.totalContribution) * 100)).toBe(totalCents);

    // HR reads the same view; another client's employee is not found.
    const hr = await t.login('hr@acme.test');
    const janeId = await employeeIdOf(db, 'jane@acme.test');
    expect((await api().get(`/mbl/api/employees/${janeId}/summary`).set(auth(hr)).expect(200)).body).toEqual(list);
    const other = await createOtherTenant(db);
    await api().get(`/mbl/api/employees/${other.employeeId}/summary`).set(auth(hr)).expect(404);
    await api().get(`/mbl/api/employees/${other.employeeId}/tasks`).set(auth(hr)).expect(404);
  });

  it('answers the dashboard in one call: the same as GET /summary?view=signed, GET /tasks and GET /carrier-links', async () => {
    const jwt = await t.login('jane@acme.test');
    const [summary, tasks, carrierLinks] = await Promise.all(
      ['/mbl/api/summary?view=signed', '/mbl/api/tasks', '/mbl/api/carrier-links'].map(async (path) => (await api().get(path).set(auth(jwt)).expect(200)).body as unknown),
    );
    expect((await api().get('/mbl/api/dashboard').set(auth(jwt)).expect(200)).body).toEqual({ summary, tasks, carrierLinks });
    // Signed in only, as its three parts.
    await api().get('/mbl/api/dashboard').expect(401);
  });

  it('lists the carrier links of the enrolled medical, dental and vision plans', async () => {
    const jwt = await t.login('jane@acme.test');
    const links = (await api().get('/mbl/api/carrier-links').set(auth(jwt)).expect(200)).body as CarrierLinkRow[];
    expect(links.map((l) => l.planTypeId).sort((a, b) => a - b)).toEqual([1, 2, 8]);
    expect(links.find((l) => l.planTypeId === 1)).toMatchObject({ medicalDirectory: expect.stringMatching(/^https:\/\/providers\./), rxDirectory: 'https://rx.bluehorizon.example' });
    expect(links.find((l) => l.planTypeId === 2)?.dentalDirectory).toBe('https://find.smilewell.example');
    expect(links.find((l) => l.planTypeId === 8)?.visionDirectory).toBe('https://locator.clearview.example');
    const fresh = await createPerson(db, { registered: true });
    expect((await api().get('/mbl/api/carrier-links').set(auth(await t.login(fresh.email))).expect(200)).body).toEqual([]);
  });

  it('lists enrollment issues: undecided plans for a new employee; jane has no beneficiary issue', async () => {
    const jane = await t.login('jane@acme.test');
    const janeTasks = (await api().get('/mbl/api/tasks').set(auth(jane)).expect(200)).body as Array<{ label: string; fileId: number | null }>;
    expect(janeTasks.filter((x) => x.label.startsWith('Your beneficiary designation'))).toEqual([]);
    const fresh = await createPerson(db, { registered: true });
    await t.prepareEnrollments(fresh.employeeId);
    const freshJwt = await t.login(fresh.email);
    const tasks = (await api().get('/mbl/api/tasks').set(auth(freshJwt)).expect(200)).body;
    // The message names the types still to choose: every selectable, unrestricted row not yet chosen.
    const rows = (await api().get('/mbl/api/enrollments').set(auth(freshJwt)).expect(200)).body as Array<{ planType: string; status: string; selectable: boolean; restricted: number }>;
    const undecided = rows.filter((r) => r.status === '0' && r.selectable && r.restricted === 0).map((r) => r.planType);
    expect(undecided).toEqual(expect.arrayContaining(['Group Medical', 'Group Dental']));
    expect(undecided).not.toContain('Group Life');
    // Group life is employer paid, so a new employee is enrolled in it at once and owes a primary beneficiary.
    expect(tasks).toEqual([
      { label: `Please make a selection for all plans: ${undecided.join(', ')}`, fileId: null },
      { label: 'Your beneficiary designation is not complete: Total primary share must equal 100%', fileId: null },
    ]);
    const hr = await t.login('hr@acme.test');
    expect((await api().get(`/mbl/api/employees/${fresh.employeeId}/tasks`).set(auth(hr)).expect(200)).body).toEqual(tasks);
  });
});
