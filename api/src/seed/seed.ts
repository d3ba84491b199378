import { seedBanks } from './banks.seed';
import { seedOnboardingDocuments } from './onboarding-documents.seed';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../core/config/app-config';
import { hashSecret, normalizeAnswer } from '../core/auth/passwords';
import type { SecuredDataCipher } from '../core/crypto/secured-data';
import { derivedToken, hashToken } from '../modules/accounts/account-tokens';
import { storageFor } from '../modules/files/file-storage';
import { seedContacts } from './contacts.seed';
import { seedFormQuestions, seedJaneBeneficiaries } from './forms.seed';
import { seedPlans } from './plans.seed';
import { RequestContext } from '../core/context/request-context';
import { TenantDb } from '../core/database/tenant-db';
import type { FileStorage } from '../modules/files/file-storage';
import { PlanRenewalService } from '../modules/plans/plan-renewal.service';

export const DEMO_PASSWORD = 'Passw0rd!';
const DEMO_ANSWER = 'Rex';

interface DemoPerson {
  username: string;
  firstName: string;
  lastName: string;
  roleType: 0 | 1;
  testUser?: boolean;
  /** null: the employee has not registered yet (no password). */
  password: string | null;
  registrationStep: number;
  onboardingStep?: number;
  newHire?: boolean;
  enableOnboarding?: boolean;
  privacyAgreed?: boolean;
  ssn: string;
  income: string;
  birthDate: string;
  gender: 1 | 2;
  maritalStatusId: number;
  title: string;
  hireDate: string;
  /** Acme Corp unless said: Bayside's HR administrator runs its Ready-to-Start open enrollment. */
  client?: 'bayside';
}

/** Made-up people: SSNs come from the 123-45-67xx block, which is never issued. */
const EMPLOYEES: DemoPerson[] = [
  { username: 'hr@acme.test', firstName: 'Helen', lastName: 'Ross', roleType: 1, password: DEMO_PASSWORD, registrationStep: 0, privacyAgreed: true, ssn: '123-45-6702', income: '98000.00', birthDate: '1979-04-12', gender: 2, maritalStatusId: 2, title: 'HR Manager', hireDate: '2015-03-02' },
  { username: 'jane@acme.test', firstName: 'Jane', lastName: 'Doe', roleType: 0, password: DEMO_PASSWORD, registrationStep: 0, privacyAgreed: true, ssn: '123-45-6701', income: '72000.00', birthDate: '1988-09-23', gender: 2, maritalStatusId: 2, title: 'Account Executive', hireDate: '2019-06-17' },
  { username: 'sam@acme.test', firstName: 'Sam', lastName: 'Carter', roleType: 0, password: DEMO_PASSWORD, registrationStep: 1, onboardingStep: 1, newHire: true, enableOnboarding: true, ssn: '123-45-6703', income: '61000.00', birthDate: '1996-01-30', gender: 1, maritalStatusId: 1, title: 'Support Specialist', hireDate: '2026-11-09' },
  { username: 'tess@acme.test', firstName: 'Tess', lastName: 'Tester', roleType: 1, testUser: true, password: DEMO_PASSWORD, registrationStep: 0, privacyAgreed: true, ssn: '123-45-6704', income: '50000.00', birthDate: '1990-07-04', gender: 2, maritalStatusId: 1, title: 'QA Analyst', hireDate: '2021-02-01' },
  { username: 'nora@acme.test', firstName: 'Nora', lastName: 'Newman', roleType: 0, password: null, registrationStep: 1, newHire: true, ssn: '123-45-6705', income: '58000.00', birthDate: '1993-05-18', gender: 2, maritalStatusId: 1, title: 'Analyst', hireDate: '2026-11-16' },
  { username: 'hr@bayside.test', firstName: 'Bea', lastName: 'Harper', roleType: 1, password: DEMO_PASSWORD, registrationStep: 0, privacyAgreed: true, ssn: '123-45-6706', income: '84000.00', birthDate: '1982-10-07', gender: 2, maritalStatusId: 2, title: 'Office Manager', hireDate: '2018-08-13', client: 'bayside' },
];

export interface SeedResult {
  registrationLink: string;
  registrationFor: string;
  created: boolean;
}

async function idOf(m: EntityManager, sql: string, params: unknown[]): Promise<number | null> {
  const rows = (await m.query(sql, params)) as { id: number }[];
  return rows[0]?.id ?? null;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

interface DemoDependent {
  relationshipTypeId: 1 | 2;
  firstName: string;
  lastName: string;
  /** Years before the first seeding (the date is fixed once inserted). */
  ageYears: number;
  birthMonthDay: [number, number];
  gender: 1 | 2;
  ssn: string;
}

/** Jane's household: a spouse and a child of about six, made-up SSNs. */
const JANE_DEPENDENTS: DemoDependent[] = [
  { relationshipTypeId: 1, firstName: 'John', lastName: 'Doe', ageYears: 40, birthMonthDay: [2, 14], gender: 1, ssn: '123-45-6711' },
  { relationshipTypeId: 2, firstName: 'Lily', lastName: 'Doe', ageYears: 6, birthMonthDay: [3, 8], gender: 2, ssn: '123-45-6712' },
];

async function seedDependents(m: EntityManager, cipher: SecuredDataCipher, now: Date): Promise<boolean> {
  const rows = (await m.query(
    `SELECT e.id, e.client_id, e.address1, e.address2, e.city, e.state, e.zip
       FROM employee e JOIN account a ON a.id = e.account_id WHERE a.username = $1`,
    ['jane@acme.test'],
  )) as Array<{ id: number; client_id: number; address1: string | null; address2: string | null; city: string | null; state: string | null; zip: string | null }>;
  const jane = rows[0];
  if (!jane) return false;
  let created = false;
  for (const d of JANE_DEPENDENTS) {
    // Keyed by name, removed ones included, so a reseed never brings back a dependent someone deleted.
    if ((await idOf(m, `SELECT id FROM dependent WHERE employee_id = $1 AND first_name = $2 AND last_name = $3`, [jane.id, d.firstName, d.lastName])) !== null) continue;
    created = true;
    const birth = isoDate(new Date(Date.UTC(now.getUTCFullYear() - d.ageYears, d.birthMonthDay[0] - 1, d.birthMonthDay[1])));
    await m.query(
      `INSERT INTO dependent (client_id, employee_id, relationship_type_id, first_name, last_name, birth_date, gender, smoker,
         disabled, marital_status_id, ssn_enc, address1, address2, city, state, zip, dependent_different_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 0, $8, $9, $10, $11, $12, $13, $14, false)`,
      [jane.client_id, jane.id, d.relationshipTypeId, d.firstName, d.lastName, birth, d.gender, d.relationshipTypeId === 1 ? 2 : 1, cipher.encrypt(d.ssn), jane.address1, jane.address2, jane.city, jane.state, jane.zip],
    );
  }
  return created;
}

/**
 * The demo data. Every insert is guarded by a natural key, so seeding twice changes nothing. The seed takes its
 * transaction's manager and hands it on: it runs as a script (and from the test set-up) with a bare DataSource,
 * outside any request or job, so there is no Nest application and no request context to carry the transaction.
 */
export async function seedDemoData(m: EntityManager, config: AppConfig, cipher: SecuredDataCipher, now = new Date()): Promise<SeedResult> {
  let created = false;
  let agencyId = await idOf(m, `SELECT id FROM agency WHERE name = $1`, ['Harbor Benefits Group']);
  if (agencyId === null) {
    created = true;
    agencyId = await idOf(m, `INSERT INTO agency (name, website) VALUES ($1, $2) RETURNING id`, ['Harbor Benefits Group', 'https://harbor-benefits.example']);
  }

  let clientId = await idOf(m, `SELECT id FROM client WHERE name = $1 AND agency_id = $2`, ['Acme Corp', agencyId]);
  if (clientId === null) {
    created = true;
    clientId = await idOf(
      m,
      `INSERT INTO client (agency_id, name, website, header_color, footer_color, version, enable_onboarding, i9_enabled,
         w4_enabled, payroll_enabled, eeo_enabled, enrollments_enabled, require_ssn, hide_document_warnings,
         enable_midyear_changes, work_hours_required, pay_periods, payroll_methods, links, privacy_notice_revision_date,
         privacy_notice_url)
       VALUES ($1, 'Acme Corp', 'https://acme.example', '#1F3A5F', '#E8EEF5', 'full', true, true, true, true, true, true,
         true, false, true, false, 26, '{1,2,3}', $2, '2026-01-01', 'https://acme.example/privacy-notice')
       RETURNING id`,
      [agencyId, JSON.stringify([{ title: 'Acme Benefits Guide 2027', url: 'https://acme.example/benefits-guide' }])],
    );
  }

  if ((await idOf(m, `SELECT id FROM open_enrollment_period WHERE client_id = $1 LIMIT 1`, [clientId])) === null) {
    created = true;
    const start = new Date(now.getTime() - 14 * 86_400_000);
    const end = new Date(now.getTime() + 30 * 86_400_000);
    await m.query(
      `INSERT INTO open_enrollment_period (client_id, title, start_date, end_date, is_current, started_at) VALUES ($1, $2, $3, $4, true, now())`,
      [clientId, `Open Enrollment ${end.getUTCFullYear() + (end.getUTCMonth() >= 9 ? 1 : 0)}`, isoDate(start), isoDate(end)],
    );
  }

  // Harbor's second client, so the agent's client switcher really switches (a small census, nobody registered).
  let baysideId = await idOf(m, `SELECT id FROM client WHERE name = $1 AND agency_id = $2`, ['Bayside Dental', agencyId]);
  if (baysideId === null) {
    created = true;
    baysideId = await idOf(
      m,
      `INSERT INTO client (agency_id, name, website, header_color, footer_color, pay_periods)
       VALUES ($1, 'Bayside Dental', 'https://bayside-dental.example', '#0F5257', '#E6F2F2', 24) RETURNING id`,
      [agencyId],
    );
    for (const [firstName, lastName] of [['Maya', 'Lopez'], ['Theo', 'Brooks'], ['Priya', 'Shah']] as const) {
      await m.query(`INSERT INTO employee (client_id, first_name, last_name, email, marital_status_id) VALUES ($1, $2, $3, $4, 1)`, [
        baysideId,
        firstName,
        lastName,
        `${firstName.toLowerCase()}@bayside-dental.test`,
      ]);
    }
  }

  const passwordHash = await hashSecret(DEMO_PASSWORD);
  const answerHash = await hashSecret(normalizeAnswer(DEMO_ANSWER));

  if ((await idOf(m, `SELECT id FROM account WHERE username = $1`, ['agent@harbor.test'])) === null) {
    created = true;
    await m.query(
      `INSERT INTO account (agency_id, username, email, authentication_method, password_hash, role_type, first_name, last_name,
         security_question_id, security_answer_hash, registration_step, privacy_policy_agreed_at)
       VALUES ($1, 'agent@harbor.test', 'agent@harbor.test', 'email', $2, 1, 'Alex', 'Morgan', 1, $3, 0, now())`,
      [agencyId, passwordHash, answerHash],
    );
  }

  // The platform administrator (for the queue dashboard). A session works in some client, so the account
  // has Acme as its home, with no employee record and no role there: the flag alone grants 'queues:manage'.
  if ((await idOf(m, `SELECT id FROM account WHERE username = $1`, ['ops@platform.test'])) === null) {
    created = true;
    await m.query(
      `INSERT INTO account (client_id, username, email, authentication_method, password_hash, role_type, platform_admin, first_name, last_name,
         security_question_id, security_answer_hash, registration_step, privacy_policy_agreed_at)
       VALUES ($1, 'ops@platform.test', 'ops@platform.test', 'email', $2, 0, true, 'Olive', 'Park', 1, $3, 0, now())`,
      [clientId, passwordHash, answerHash],
    );
  }

  for (const p of EMPLOYEES) {
    if ((await idOf(m, `SELECT id FROM account WHERE username = $1`, [p.username])) !== null) continue;
    created = true;
    const registered = p.password !== null;
    const home = p.client === 'bayside' ? baysideId! : clientId!;
    const accountId = await idOf(
      m,
      `INSERT INTO account (client_id, username, email, authentication_method, password_hash, role_type, test_user,
         first_name, last_name, security_question_id, security_answer_hash, registration_step, onboarding_step,
         privacy_policy_agreed_at)
       VALUES ($1, $2, $2, 'email', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        home,
        p.username,
        registered ? passwordHash : null,
        p.roleType,
        p.testUser ?? false,
        p.firstName,
        p.lastName,
        registered && p.registrationStep === 0 ? 1 : null,
        registered && p.registrationStep === 0 ? answerHash : null,
        p.registrationStep,
        p.onboardingStep ?? 0,
        p.privacyAgreed ? now : null,
      ],
    );
    await m.query(
      `INSERT INTO employee (client_id, account_id, first_name, last_name, email, employment_id, employment_type, title,
         income_enc, work_hours, hire_date, birth_date, gender, smoker, marital_status_id, ssn_enc, address1, zip, city,
         state, cell_phone, new_hire, eligibility_date, enable_onboarding, group_id, office_id)
       VALUES ($1, $2, $3, $4, $5, 1, 1, $6, $7, 40, $8, $9, $10, 0, $11, $12, '100 Main Street', '02110', 'Boston', 'MA',
         '617-555-0100', $13, $14, $15, 1, 1)`,
      [
        home,
        accountId,
        p.firstName,
        p.lastName,
        p.username,
        p.title,
        cipher.encrypt(p.income),
        p.hireDate,
        p.birthDate,
        p.gender,
        p.maritalStatusId,
        cipher.encrypt(p.ssn),
        p.newHire ?? false,
        p.newHire ? isoDate(new Date(Date.parse(p.hireDate) + 30 * 86_400_000)) : null,
        p.enableOnboarding ?? false,
      ],
    );
  }

  if (await seedDependents(m, cipher, now)) created = true;
  // Plans, their SBC files and jane's elections: after the dependents, whose family they enroll.
  const storage = storageFor(config);
  if (await seedPlans(m, storage, clientId!)) created = true;
  // Beneficiaries name jane's dependents; the questions are Acme's additional information step.
  if (await seedJaneBeneficiaries(m, cipher)) created = true;
  if (await seedFormQuestions(m, clientId!)) created = true;
  await seedBanks(m);
  if (await seedOnboardingDocuments(m, storage, clientId!)) created = true;
  if (await seedContacts(m, clientId!)) created = true;
  if (await seedBaysidePlanYears(m, storage, baysideId!, now)) created = true;

  const { unregistered, raw, link, registrationFor } = seedRegistration(config);
  const accountId = await idOf(m, `SELECT id FROM account WHERE username = $1`, [unregistered.username]);
  await m.query(
    `INSERT INTO account_token (account_id, purpose, token_hash, expires_at)
     VALUES ($1, 'registration', $2, now() + interval '365 days') ON CONFLICT (token_hash) DO NOTHING`,
    [accountId, hashToken(raw)],
  );
  return {
    registrationLink: link,
    registrationFor,
    created,
  };
}

/**
 * The link for the employee who has not registered: derived from the secret, so every seed run and npm start's
 * banner (server/print-banner.ts) give the same one without reading the database.
 */
export function seedRegistration(config: Pick<AppConfig, 'jwtSecret' | 'publicUrl'>) {
  const unregistered = EMPLOYEES.find((p) => p.password === null)!;
  const raw = derivedToken(config.jwtSecret, `seed-registration:${unregistered.username}`);
  return {
    unregistered,
    raw,
    link: `${config.publicUrl}/mbl/registration?token=${raw}`,
    registrationFor: `${unregistered.firstName} ${unregistered.lastName} <${unregistered.username}>`,
  };
}

/**
 * Bayside Dental's plan years: this calendar year's in force (its open enrollment last November,
 * closed) and next year's prepared as a period Ready to Start, renewed by the product's own PlanRenewalService,
 * so HR's Start of next year's open enrollment can be tried after `npm start`.
 */
async function seedBaysidePlanYears(m: EntityManager, storage: FileStorage, clientId: number, now: Date): Promise<boolean> {
  if ((await idOf(m, `SELECT id FROM open_enrollment_period WHERE client_id = $1 LIMIT 1`, [clientId])) !== null) return false;
  const year = now.getUTCFullYear();
  const periodId = await idOf(
    m,
    `INSERT INTO open_enrollment_period (client_id, title, start_date, end_date, closed_date, closed_at, is_current, started_at)
     VALUES ($1, $2, $3, $4, $4, $5, true, $6) RETURNING id`,
    [clientId, `Open Enrollment ${year}`, `${year - 1}-11-01`, `${year - 1}-11-30`, `${year - 1}-12-01T05:00:00Z`, `${year - 1}-11-01T14:00:00Z`],
  );
  // seedPlans takes the plan year from the period's end (November: the next calendar year, this one).
  await seedPlans(m, storage, clientId);
  const readyId = await idOf(
    m,
    `INSERT INTO open_enrollment_period (client_id, title, start_date, end_date, is_current) VALUES ($1, $2, $3, $3, false) RETURNING id`,
    [clientId, `Open Enrollment ${year + 1}`, `${year + 1}-01-01`],
  );
  const context = new RequestContext();
  const renewal = new PlanRenewalService(new TenantDb(m.connection, context));
  // The copy joins the seed's own transaction through the context, as a request's would.
  await context.runAs({ clientId, requestedBy: null }, () => context.inTransaction(m, () => renewal.renewInto(periodId!, readyId!)));
  return true;
}
