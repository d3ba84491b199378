import { hashSecret, normalizeAnswer } from '../../api/src/core/auth/passwords';
import { DEMO_PASSWORD } from './test-env';

/** Security answer of every registered fixture (question 1), like the seed's. */
export const FIXTURE_ANSWER = 'Rex';

export interface FixturePerson {
  employeeId: number;
  accountId: number | null;
  email: string;
  username: string;
}

/** What the fixtures need of a database: the e2e suites pass their DataSource, the browser journeys their sql(). */
export interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<T>;
}

export interface FixtureOptions {
  /** Has a password (and question 1 / answer 'Rex' unless question is false). */
  registered?: boolean;
  /** No account row at all (a census employee nobody invited yet). */
  accountless?: boolean;
  method?: 'email' | 'username';
  question?: boolean;
  clientId?: number;
  firstName?: string;
  lastName?: string;
  terminated?: boolean;
  cobra?: boolean;
  roleType?: 0 | 1;
  testUser?: boolean;
  passwordReset?: boolean;
  securityQuestionReset?: boolean;
  privacyAgreed?: boolean;
}

let seq = 0;
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let hashes: Promise<[string, string]> | undefined;

export function uniqueEmail(prefix: string): string {
  seq += 1;
  return `${prefix}.${run}.${seq}@acme.test`;
}

// Throttle counters live in Redis beyond one run (their window), so addresses must differ between runs too.
const ipPrefix = `fd00::${Math.floor(Math.random() * 0xffff).toString(16)}:${(Date.now() & 0xffff).toString(16)}`;

/** A fresh IP per call (in this run and the next), so per-IP throttles of one test never trip another. */
export function uniqueIp(): string {
  seq += 1;
  return `${ipPrefix}:${seq.toString(16)}`;
}

export async function acmeClientId(db: Queryable): Promise<number> {
  const rows: Array<{ id: number }> = await db.query(`SELECT id FROM client WHERE name = 'Acme Corp'`);
  return rows[0]!.id;
}

export async function accountIdOf(db: Queryable, username: string): Promise<number> {
  const rows: Array<{ id: number }> = await db.query('SELECT id FROM account WHERE username = $1', [username]);
  return rows[0]!.id;
}

export async function employeeIdOf(db: Queryable, username: string): Promise<number> {
  const rows: Array<{ id: number }> = await db.query('SELECT e.id FROM employee e JOIN account a ON a.id = e.account_id WHERE a.username = $1', [username]);
  return rows[0]!.id;
}

/**
 * A client of the test's own with Acme's settings (same columns, a unique name, an agency of its own so no
 * agent's list of clients changes), for a test that changes client settings: Acme is shared by every suite.
 */
export async function cloneAcmeClient(db: Queryable): Promise<number> {
  seq += 1;
  const columns: Array<{ column_name: string }> = await db.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'client' AND column_name NOT IN ('id', 'name', 'agency_id') AND is_generated = 'NEVER'
      ORDER BY ordinal_position`,
  );
  const list = columns.map((c) => `"${c.column_name}"`).join(', ');
  const [agency] = (await db.query(`INSERT INTO agency (name) VALUES ($1) RETURNING id`, [`Clone Agency ${run}.${seq}`])) as Array<{ id: number }>;
  const [row] = (await db.query(`INSERT INTO client (name, agency_id, ${list}) SELECT $1, $2, ${list} FROM client WHERE name = 'Acme Corp' RETURNING id`, [
    `Acme Clone ${run}.${seq}`,
    agency!.id,
  ])) as Array<{ id: number }>;
  return row!.id;
}

/**
 * A client of the test's own with a copy of Acme's current period, its plans and their rates: closing or
 * renewing its open enrollment touches nobody else's.
 */
export async function cloneAcmeWithPlans(db: Queryable): Promise<{ clientId: number; periodId: number }> {
  const clientId = await cloneAcmeClient(db);
  const [acme] = (await db.query(`SELECT p.id FROM open_enrollment_period p JOIN client c ON c.id = p.client_id WHERE c.name = 'Acme Corp' AND p.is_current`)) as Array<{ id: number }>;
  const periodId = await copyRow(db, 'open_enrollment_period', acme!.id, { client_id: clientId });
  for (const { id } of (await db.query('SELECT id FROM plan WHERE open_enrollment_period_id = $1 ORDER BY id', [acme!.id])) as Array<{ id: number }>) {
    const plan = await copyRow(db, 'plan', id, { client_id: clientId, open_enrollment_period_id: periodId, hsa_plan_id: null });
    for (const rate of (await db.query('SELECT id FROM plan_rate WHERE plan_id = $1', [id])) as Array<{ id: number }>) await copyRow(db, 'plan_rate', rate.id, { plan_id: plan });
  }
  return { clientId, periodId };
}

/** Another agency with one client and one employee: data the Acme people must never reach. */
export async function createOtherTenant(db: Queryable): Promise<{ agencyId: number; clientId: number; employeeId: number; email: string }> {
  seq += 1;
  const [agency] = (await db.query(`INSERT INTO agency (name) VALUES ($1) RETURNING id`, [`Other Agency ${run}.${seq}`])) as Array<{ id: number }>;
  const [client] = (await db.query(`INSERT INTO client (agency_id, name) VALUES ($1, $2) RETURNING id`, [agency!.id, `Other Corp ${run}.${seq}`])) as Array<{ id: number }>;
  const person = await createPerson(db, { clientId: client!.id, registered: true });
  return { agencyId: agency!.id, clientId: client!.id, employeeId: person.employeeId, email: person.email };
}

/** An employee (and account) of Acme, unique per call; the password is the demo password. */
export async function createPerson(db: Queryable, o: FixtureOptions = {}): Promise<FixturePerson> {
  hashes ??= Promise.all([hashSecret(DEMO_PASSWORD), hashSecret(normalizeAnswer(FIXTURE_ANSWER))]);
  const [passwordHash, answerHash] = await hashes;
  const clientId = o.clientId ?? (await acmeClientId(db));
  const email = uniqueEmail(o.method === 'username' ? 'user' : 'person');
  const username = o.method === 'username' ? email.replace(/@.*$/, '').replace(/\./g, '_') : email;
  const registered = o.registered ?? false;
  const withQuestion = registered && o.question !== false;
  let accountId: number | null = null;
  if (!o.accountless) {
    const [row] = (await db.query(
      `INSERT INTO account (client_id, username, email, authentication_method, password_hash, role_type, test_user, first_name, last_name,
         security_question_id, security_answer_hash, registration_step, password_reset, security_question_reset, privacy_policy_agreed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        clientId,
        username,
        o.method === 'username' ? null : email,
        o.method ?? 'email',
        registered ? passwordHash : null,
        o.roleType ?? 0,
        o.testUser ?? false,
        o.firstName ?? 'Fix',
        o.lastName ?? 'Ture',
        withQuestion ? 1 : null,
        withQuestion ? answerHash : null,
        registered ? 0 : 1,
        o.passwordReset ?? false,
        o.securityQuestionReset ?? false,
        o.privacyAgreed === false ? null : new Date(),
      ],
    )) as Array<{ id: number }>;
    accountId = row!.id;
  }
  const [employee] = (await db.query(
    `INSERT INTO employee (client_id, account_id, first_name, last_name, email, terminated, cobra, marital_status_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 1) RETURNING id`,
    [clientId, accountId, o.firstName ?? 'Fix', o.lastName ?? 'Ture', email, o.terminated ?? false, o.cobra ?? false],
  )) as Array<{ id: number }>;
  return { employeeId: employee!.id, accountId, email, username };
}

/** Copies one row of a table with some columns replaced (new id; identity, sequence and generated columns are left alone). */
export async function copyRow(db: Queryable, table: string, id: number, overrides: Record<string, unknown>): Promise<number> {
  const columns = ((await db.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'id' AND is_generated = 'NEVER' AND is_identity = 'NO'
        AND coalesce(column_default, '') NOT LIKE 'nextval(%'
      ORDER BY ordinal_position`,
    [table],
  )) as Array<{ column_name: string }>).map((c) => c.column_name);
  const params: unknown[] = [id];
  const select = columns.map((c) => {
    if (!(c in overrides)) return `"${c}"`;
    params.push(overrides[c]);
    return `$${params.length}`;
  });
  const [row] = (await db.query(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) SELECT ${select.join(', ')} FROM "${table}" WHERE id = $1 RETURNING id`, params)) as Array<{ id: number }>;
  if (!row) throw new Error(`no ${table} ${id} to copy`);
  return row.id;
}

/**
 * A registered person of the same client with a copy of another employee's household: the employee's own
 * details, the current dependents, the beneficiaries and the elections with their covered dependents. For a
 * test that needs a family like a seeded one's and changes it (signing, say) without touching the seeded one.
 */
export async function cloneHousehold(db: Queryable, fromEmployeeId: number, o: FixtureOptions = {}): Promise<FixturePerson> {
  const [from] = (await db.query('SELECT client_id FROM employee WHERE id = $1', [fromEmployeeId])) as Array<{ client_id: number }>;
  const person = await createPerson(db, { registered: true, ...o, clientId: from!.client_id });
  const keep = ['id', 'client_id', 'account_id', 'email', 'first_name', 'last_name', 'individual_id', 'created_at', 'updated_at'];
  const copied = ((await db.query(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'employee' AND is_generated = 'NEVER'
        AND coalesce(column_default, '') NOT LIKE 'nextval(%' AND NOT (column_name = ANY ($1))`,
    [keep],
  )) as Array<{ column_name: string }>).map((c) => `"${c.column_name}" = f."${c.column_name}"`);
  await db.query(`UPDATE employee e SET ${copied.join(', ')} FROM employee f WHERE e.id = $1 AND f.id = $2`, [person.employeeId, fromEmployeeId]);
  const dependents = new Map<number, number>();
  for (const { id } of (await db.query('SELECT id FROM dependent WHERE employee_id = $1 AND deleted_at IS NULL ORDER BY id', [fromEmployeeId])) as Array<{ id: number }>) {
    dependents.set(id, await copyRow(db, 'dependent', id, { employee_id: person.employeeId }));
  }
  for (const b of (await db.query('SELECT id, relationship_id FROM beneficiary WHERE employee_id = $1 ORDER BY id', [fromEmployeeId])) as Array<{ id: number; relationship_id: number | null }>) {
    await copyRow(db, 'beneficiary', b.id, { employee_id: person.employeeId, relationship_id: b.relationship_id === null ? null : (dependents.get(b.relationship_id) ?? null) });
  }
  for (const { id } of (await db.query('SELECT id FROM enrollment WHERE employee_id = $1 ORDER BY id', [fromEmployeeId])) as Array<{ id: number }>) {
    const copy = await copyRow(db, 'enrollment', id, { employee_id: person.employeeId });
    const covered = ((await db.query('SELECT dependent_id FROM enrollment_dependent WHERE enrollment_id = $1', [id])) as Array<{ dependent_id: number }>)
      .map((r) => dependents.get(r.dependent_id))
      .filter((d): d is number => d !== undefined);
    if (covered.length) await db.query('INSERT INTO enrollment_dependent (enrollment_id, dependent_id) SELECT $1, unnest($2::int[])', [copy, covered]);
  }
  return person;
}

/** A person of the test's own with a copy of the seeded jane's household, named as given (not 'Jane Doe', so lists still find one jane). */
export async function copyOfJane(db: Queryable, firstName: string): Promise<FixturePerson> {
  return cloneHousehold(db, await employeeIdOf(db, 'jane@acme.test'), { firstName, lastName: 'Doe' });
}

export interface AuditRow {
  id: string;
  client_id: number | null;
  employee_id: number | null;
  performed_by: number | null;
  on_behalf_of: number | null;
  event_type: string;
  action_type: string;
  description: string;
  data: unknown;
}

/** Audit rows of an employee (newest last), read with raw SQL. */
export async function auditRows(db: Queryable, employeeId: number, actionType?: string): Promise<AuditRow[]> {
  return db.query(
    `SELECT id, client_id, employee_id, performed_by, on_behalf_of, event_type, action_type, description, data
       FROM audit_log WHERE employee_id = $1 AND ($2::text IS NULL OR action_type = $2) ORDER BY id`,
    [employeeId, actionType ?? null],
  );
}

/** Fills every field the Employee Profile step requires (the SSN sealed with the given cipher's encrypt); a new hire hired today unless hired before. */
export async function completeProfile(db: Queryable, employeeId: number, encrypt: (plain: string) => string | null): Promise<void> {
  await db.query(
    `UPDATE employee SET birth_date = '1990-02-03', gender = 1, smoker = 0, address1 = '1 Main St', city = 'Boston', state = 'MA', zip = '02110',
       ssn_enc = $2, new_hire = true, hire_date = coalesce(hire_date, current_date) WHERE id = $1`,
    [employeeId, encrypt('123-45-6789')],
  );
}
