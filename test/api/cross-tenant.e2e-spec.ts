import request from 'supertest';
import { dataUrl, strokePng } from '../support/png';
import type { DataSource } from 'typeorm';
import { DataSource as DataSourceToken } from 'typeorm';
import { createTestApp, type TestApp } from '../support/app';
import { cloneAcmeClient, copyRow, createPerson, employeeIdOf } from '../support/fixtures';
import { listRoutes, type RouteInfo } from '../support/routes';
import { DEMO_PASSWORD } from '../support/test-env';

const firstId = async (db: DataSource, sql: string, params: unknown[]): Promise<number> => {
  const [row] = (await db.query(sql, params)) as Array<{ id: number }>;
  if (!row) throw new Error(`nothing for ${sql}`);
  return row.id;
};

/**
 * Tenant isolation, generated from Nest's route metadata: every route with an :id is called, by each demo
 * account allowed through its guard, with the id of a record of a second client that this test seeds
 * (another agency, with an employee, dependent, beneficiary, plan, enrollment, payroll method, onboarding document, audit entry and files). Every answer is 404:
 * another client's record does not exist for the caller. A new :id route fails here until its kind of id is
 * named below.
 */
describe('another client\'s records answer 404 on every :id route', () => {
  let t: TestApp;
  let db: DataSource;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSourceToken);
    const clientId = await cloneAcmeClient(db);
    const jane = await employeeIdOf(db, 'jane@acme.test');
    const person = await createPerson(db, { clientId, registered: true });
    const acmePeriod = await firstId(db, `SELECT p.id FROM open_enrollment_period p JOIN employee e ON e.client_id = p.client_id WHERE e.id = $1 AND p.is_current`, [jane]);
    const period = await copyRow(db, 'open_enrollment_period', acmePeriod, { client_id: clientId });
    const acmeEnrollment = await firstId(db, `SELECT id FROM enrollment WHERE employee_id = $1 AND plan_id IS NOT NULL AND open_enrollment_period_id = $2 ORDER BY id LIMIT 1`, [jane, acmePeriod]);
    const acmePlan = await firstId(db, `SELECT plan_id AS id FROM enrollment WHERE id = $1`, [acmeEnrollment]);
    ids.planId = await copyRow(db, 'plan', acmePlan, { client_id: clientId, open_enrollment_period_id: period });
    // A closed open enrollment of the second client with its transactions report ready.
    ids.periodId = period;
    await db.query(`INSERT INTO enrollment_snapshot (client_id, open_enrollment_period_id, kind, data) VALUES ($1, $2, 'end', '{}')`, [clientId, period]);
    ids.employeeId = person.employeeId;
    ids.enrollmentId = await copyRow(db, 'enrollment', acmeEnrollment, { client_id: clientId, employee_id: person.employeeId, open_enrollment_period_id: period, plan_id: ids.planId });
    ids.dependentId = await copyRow(db, 'dependent', await firstId(db, `SELECT id FROM dependent WHERE employee_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`, [jane]), {
      client_id: clientId,
      employee_id: person.employeeId,
    });
    ids.beneficiaryId = await copyRow(db, 'beneficiary', await firstId(db, `SELECT id FROM beneficiary WHERE employee_id = $1 ORDER BY id LIMIT 1`, [jane]), {
      client_id: clientId,
      employee_id: person.employeeId,
      relationship_id: null,
    });
    const [file] = (await db.query(
      `INSERT INTO file (client_id, employee_id, title, file_type, storage_key, content_type, size_bytes) VALUES ($1, NULL, 'Other carrier file', 'carrier', $2, 'application/pdf', 1) RETURNING id`,
      [clientId, `cross-tenant/${clientId}/carrier.pdf`],
    )) as Array<{ id: number }>;
    ids.fileId = file!.id;
    ids.clientId = clientId;
    ids.payrollId = await firstId(db, `INSERT INTO payroll_method (client_id, employee_id, method, amount_type, amount, sort_order) VALUES ($1, $2, 3, 2, 100, '1') RETURNING id`, [
      clientId,
      person.employeeId,
    ]);
    ids.auditId = await firstId(db, `INSERT INTO audit_log (client_id, employee_id, event_type, action_type, description) VALUES ($1, $2, 'Test', 'create', 'other client') RETURNING id`, [
      clientId,
      person.employeeId,
    ]);
    const signatureFile = await firstId(
      db,
      `INSERT INTO file (client_id, employee_id, title, file_type, storage_key, content_type, size_bytes) VALUES ($1, $2, 'sig', 'personal', $3, 'image/png', 1) RETURNING id`,
      [clientId, person.employeeId, `cross-tenant/${clientId}/sig.png`],
    );
    ids.approvalId = await firstId(db, `INSERT INTO action_approval (client_id, employee_id, signature_file_id, approver_name) VALUES ($1, $2, $3, 'Other HR') RETURNING id`, [
      clientId,
      person.employeeId,
      signatureFile,
    ]);
    ids.reportId = await firstId(db, `INSERT INTO report (client_id, title, dataset, columns) VALUES ($1, 'Other client report', 'census', '{lastName}') RETURNING id`, [clientId]);
    ids.exportId = await firstId(db, `INSERT INTO report_export (client_id, report_id, status) VALUES ($1, $2, 'done') RETURNING id`, [clientId, ids.reportId]);
    // A written payroll deduction file of the second client (issue 30 item 3).
    ids.deductionId = await firstId(db, `INSERT INTO payroll_deduction_export (client_id, period_start, period_end, format, status, storage_key) VALUES ($1, '2027-01-01', '2027-01-14', 'csv', 'done', 'payroll/none.csv') RETURNING id`, [clientId]);
    ids.documentId = await firstId(db, `INSERT INTO onboarding_document (client_id, title, file_ids) VALUES ($1, 'Other client document', $2) RETURNING id`, [clientId, [ids.fileId]]);
    ids.lifeEventId = await firstId(db, `INSERT INTO life_event (client_id, employee_id, event_type, event_date, status) VALUES ($1, $2, 1, current_date, 'pending') RETURNING id`, [clientId, person.employeeId]);
    // Issue 29: a rate sheet and a census file the second client's agent uploaded (never opened here: 404 first).
    ids.rateSheetId = await firstId(db, `INSERT INTO import_batch (client_id, kind, file_name, row_count, payload_enc) VALUES ($1, 'rate-sheet', 'other.xlsx', 1, 'sealed') RETURNING id`, [clientId]);
    ids.censusImportId = await firstId(db, `INSERT INTO import_batch (client_id, kind, file_name, row_count, payload_enc) VALUES ($1, 'census', 'other.xlsx', 1, 'sealed') RETURNING id`, [clientId]);
    // Issue 30: a carrier of the second client (its 834 files, its weekly files).
    ids.carrierId = await firstId(
      db,
      `INSERT INTO carrier (client_id, name, plan_type_ids, policy_number, sponsor_fein, isa_sender_qualifier, isa_sender_id, isa_receiver_qualifier, isa_receiver_id, gs_sender_code, gs_receiver_code, schedule)
       VALUES ($1, 'Other carrier', '{1}', 'GRP-1', '123456789', 'ZZ', 'OTHER', '30', '990011223', 'OTHER', 'CARRIER', 'weekly') RETURNING id`,
      [clientId],
    );
    ids.campaignId = await firstId(db, `INSERT INTO campaign (client_id, email_type, created_by, total) VALUES ($1, 3, 0, 1) RETURNING id`, [clientId]);
    // An HR administrator of the second client, whose authenticator no one here may reset.
    ids.administratorId = (await createPerson(db, { clientId, registered: true, roleType: 1 })).accountId!;
    await db.query(`INSERT INTO campaign_recipient (campaign_id, employee_id, client_id, email, first_name) VALUES ($1, $2, $3, 'other@example.test', 'Other')`, [ids.campaignId, person.employeeId, clientId]);
  });
  afterAll(() => t.close());

  /** Which record of the second client each :id route takes, by the path's own words. */
  const kindOf = (path: string): string | undefined =>
    (
      [
        [/\/dependents\/:id/, 'dependentId'],
        [/\/beneficiaries\/:id/, 'beneficiaryId'],
        [/\/enrollments\/:id/, 'enrollmentId'],
        [/\/plans\/:id/, 'planId'],
        // The census's Plan Summary: the second client's plan and employee (its :employee is filled below).
        [/\/plans-hr\/:id/, 'planId'],
        [/\/files\/:id/, 'fileId'],
        [/\/employees\/:id/, 'employeeId'],
        [/\/clients\/:id/, 'clientId'],
        [/\/payroll\/:id/, 'payrollId'],
        [/\/onboarding\/custom\/:id/, 'documentId'],
        [/\/audits-(hr|user)\/:id/, 'auditId'],
        [/\/actions\/approvals\/:id/, 'approvalId'],
        [/\/transactions\/deductions\/:id/, 'deductionId'],
        [/\/transactions\/:id/, 'periodId'],
        [/\/reports\/exports\/:id/, 'exportId'],
        [/\/reports\/:id/, 'reportId'],
        [/\/dashboards\/:id/, 'periodId'],
        [/\/campaigns\/:id/, 'campaignId'],
        [/\/mfa\/administrators\/:id/, 'administratorId'],
        [/\/life-events\/:id/, 'lifeEventId'],
        [/\/employer-forms\/steps\/:id/, 'documentId'],
        // As-is renewal's check and fix name a plan.
        [/\/openEnrollment\/(check|fix)\/:id/, 'planId'],
        [/\/plan-catalog\/:id/, 'planId'],
        [/\/rate-sheets\/:id/, 'rateSheetId'],
        [/\/census-imports\/:id/, 'censusImportId'],
        [/\/carriers\/:id/, 'carrierId'],
      ] as const
    ).find(([pattern]) => pattern.test(path))?.[1];

  /** The demo accounts that get through each rule's guard (the access matrix checks the rest). */
  const CALLERS: Record<string, string[]> = {
    'self:employee': ['jane@acme.test', 'hr@acme.test'],
    user: ['jane@acme.test', 'hr@acme.test', 'agent@harbor.test'],
    'clients:switch': ['agent@harbor.test'],
    'agency:manage-clients': ['agent@harbor.test'],
  };
  const callersOf = (r: RouteInfo) => CALLERS[r.access as string] ?? ['hr@acme.test', 'agent@harbor.test'];

  /** A body that passes the route's own validation, where that runs before the record is looked up. */
  const unlock = { password: DEMO_PASSWORD };
  const BODIES: Record<string, object> = {
    'PUT /mbl/api/enrollments/:id': { status: '-2' },
    'PUT /mbl/api/payroll/:id': { method: '3', amountType: '2', amount: '1' },
    'PUT /mbl/api/carriers/:id': { name: 'Taken over', planTypeIds: [1], policyNumber: 'GRP-1', sponsorFein: '123456789', isaSenderQualifier: 'ZZ', isaSenderId: 'ACMECORP', isaReceiverQualifier: '30', isaReceiverId: '990011223', gsSenderCode: 'ACMECORP', gsReceiverCode: 'OTHER', schedule: 'on_demand' },
    // The password check of an unlock comes first: with the right one, the record is looked up (and not found).
    'POST /mbl/api/employees/:id/personal': unlock,
    'POST /mbl/api/employees/:id/dependents/personal': unlock,
    'POST /mbl/api/employees/:id/beneficiaries/personal': unlock,
    'PUT /mbl/api/employees/:id': { firstName: 'Other', lastName: 'Client', email: 'other.client@example.test', employmentId: 1, hireDate: '01/02/2024' },
    'PUT /mbl/api/reports/:id': { title: 'Mine now', dataset: 'census', columns: ['lastName'] },
    'POST /mbl/api/employer-forms/steps/:id': { title: 'Mine now' },
    'POST /mbl/api/life-events/:id': { approve: true },
    'POST /mbl/api/employees/:id/impersonate': { reason: 'enrollment' },
    // Issue 29: an agent's calls on a client of another agency, with bodies its own client would take.
    'PUT /mbl/api/agency/clients/:id': { name: 'Mine now', headerColor: '#1F3A5F', footerColor: '#E8EEF5', timeZone: 'America/New_York', payPeriods: 26, planYearStartMonth: 1, authenticationMethod: 'email', accessGroupIds: [1] },
    'POST /mbl/api/agency/clients/:id/hr-administrators': { firstName: 'Other', lastName: 'Admin', email: 'other.admin@example.test' },
    'POST /mbl/api/agency/clients/:id/first-period': { kind: 'open-enrollment', startDate: '01/01/2027' },
    'PUT /mbl/api/plan-catalog/:id': { name: 'Mine now', employerKind: 'none' },
    'POST /mbl/api/carriers/:id/834': { kind: 'full' },
    'PUT /mbl/api/employees/:id/terminate': { terminationDate: '01/02/2026', qualifyingEventId: 10, signature: dataUrl(strokePng()) },
  };

  /** A query that passes the route's own validation, for the GETs that check theirs first. */
  const QUERIES: Record<string, string> = {
    'GET /mbl/api/employees/:id/termination-review': '?terminationDate=01/02/2026&qualifyingEventId=10',
  };

  it('every :id route, for every account its guard lets through, answers 404 for the second client\'s record', async () => {
    const routes = listRoutes(t.app).filter((r) => r.path.includes(':id'));
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const unnamed = routes.filter((r) => kindOf(r.path) === undefined).map((r) => `${r.method} ${r.path}`);
    expect(unnamed).toEqual([]);

    const tokens = new Map<string, string>();
    const results: string[] = [];
    let calls = 0;
    for (const r of routes) {
      const id = ids[kindOf(r.path)!]!;
      for (const username of callersOf(r)) {
        if (!tokens.has(username)) tokens.set(username, await t.login(username));
        const method = r.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
        const res = await request(t.server)[method](`${r.path.replace(':id', String(id)).replace(':employee', String(ids.employeeId)).replace(':fileId', '1').replace(':requestId', '1')}${QUERIES[`${r.method} ${r.path}`] ?? ''}`)
          .set('Authorization', `Bearer ${tokens.get(username)!}`)
          .send(BODIES[`${r.method} ${r.path}`] ?? {});
        calls += 1;
        results.push(`${username} ${r.method} ${r.path}: ${res.status}`);
      }
    }
    expect(calls).toBeGreaterThanOrEqual(40);
    expect(results.filter((line) => !line.endsWith(': 404'))).toEqual([]);

    // Nothing of the second client changed (the writes above were all refused); the seeded audit entry aside.
    const [left] = (await db.query(
      `SELECT (SELECT count(*)::int FROM dependent WHERE id = $1 AND deleted_at IS NULL) AS dependents,
              (SELECT count(*)::int FROM beneficiary WHERE id = $2) AS beneficiaries,
              (SELECT count(*)::int FROM audit_log WHERE client_id = $3 AND id <> $4) AS audit`,
      [ids.dependentId, ids.beneficiaryId, ids.clientId, ids.auditId],
    )) as Array<{ dependents: number; beneficiaries: number; audit: number }>;
    expect(left).toEqual({ dependents: 1, beneficiaries: 1, audit: 0 });
  });
});
