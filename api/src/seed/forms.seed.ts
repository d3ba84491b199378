import type { EntityManager } from 'typeorm';
import type { FormFieldType, FormFilterOperator } from '../contracts/forms';
import type { SecuredDataCipher } from '../core/crypto/secured-data';

interface DemoQuestion {
  key: string;
  section: string;
  userPrompt: string;
  fieldType: FormFieldType;
  required: boolean;
  perDependent: boolean;
  options?: string[];
  /** Shown only when the answer to the question `key` compares with the option text (or value). */
  filter?: { key: string; operator: FormFilterOperator; option?: string; value?: string };
}

/** Acme's additional information questions: one per field type, two with a filter. */
export const ACME_QUESTIONS: readonly DemoQuestion[] = [
  // Smoker is asked once, on the profile: no tobacco question here.
  { key: 'textReminders', section: 'Reminders', userPrompt: 'Would you like benefit reminders by text message?', fieldType: 'Radio', required: true, perDependent: false, options: ['Yes', 'No'] },
  {
    key: 'textWindowOpens',
    section: 'Reminders',
    userPrompt: 'May we also text you when your enrollment window opens?',
    fieldType: 'Radio',
    required: true,
    perDependent: false,
    options: ['Yes', 'No'],
    filter: { key: 'textReminders', operator: 'Equals', option: 'Yes' },
  },
  { key: 'otherCoverage', section: 'Other coverage', userPrompt: 'Is this person covered by another group health plan?', fieldType: 'Radio', required: true, perDependent: true, options: ['Yes', 'No'] },
  {
    key: 'otherCarrier',
    section: 'Other coverage',
    userPrompt: 'Name of the other insurance carrier',
    fieldType: 'Text',
    required: true,
    perDependent: true,
    filter: { key: 'otherCoverage', operator: 'Equals', option: 'Yes' },
  },
  { key: 'language', section: 'Communication', userPrompt: 'Preferred language for benefit communications', fieldType: 'dropdown', required: false, perDependent: false, options: ['English', 'Spanish', 'Other'] },
  {
    key: 'interests',
    section: 'Communication',
    userPrompt: 'Which programs would you like to hear more about?',
    fieldType: 'CheckBox',
    required: false,
    perDependent: false,
    options: ['Retirement plan', 'Wellness program', 'Commuter benefits'],
  },
];

async function firstId(m: EntityManager, sql: string, params: unknown[]): Promise<number | null> {
  const rows = (await m.query(sql, params)) as Array<{ id: number }>;
  return rows[0]?.id ?? null;
}

/** Keyed by client and prompt, so a second run (or a question HR edited elsewhere) is left alone. */
export async function seedFormQuestions(m: EntityManager, clientId: number): Promise<boolean> {
  let created = false;
  const ids = new Map<string, { id: number; options: Map<string, number> }>();
  for (const [index, q] of ACME_QUESTIONS.entries()) {
    let id = await firstId(m, 'SELECT id FROM form_question WHERE client_id = $1 AND user_prompt = $2', [clientId, q.userPrompt]);
    if (id === null) {
      created = true;
      const source = q.filter ? ids.get(q.filter.key) : undefined;
      const value = q.filter ? (q.filter.option !== undefined ? String(source?.options.get(q.filter.option) ?? '') : (q.filter.value ?? '')) : null;
      id = await firstId(
        m,
        `INSERT INTO form_question (client_id, section, user_prompt, field_type, required, per_dependent, filter_field_id, filter_operator, filter_value, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [clientId, q.section, q.userPrompt, q.fieldType, q.required, q.perDependent, source?.id ?? null, q.filter?.operator ?? null, value, (index + 1) * 10],
      );
      for (const [i, text] of (q.options ?? []).entries()) {
        await m.query('INSERT INTO form_question_option (question_id, text, sort_order) VALUES ($1, $2, $3)', [id, text, i]);
      }
    }
    const options: Array<{ id: number; text: string }> = await m.query('SELECT id, text FROM form_question_option WHERE question_id = $1', [id]);
    ids.set(q.key, { id: id!, options: new Map(options.map((o) => [o.text, o.id])) });
  }
  return created;
}

/**
 * Jane's beneficiaries: her spouse John 100% primary and her daughter Lily 100%
 * contingent, made-up SSNs. Only while she has none and never had any changed: a reseed must not bring
 * back a beneficiary she removed.
 */
export async function seedJaneBeneficiaries(m: EntityManager, cipher: SecuredDataCipher): Promise<boolean> {
  const jane = (await m.query(
    `SELECT e.id, e.client_id FROM employee e JOIN account a ON a.id = e.account_id WHERE a.username = 'jane@acme.test'`,
  )) as Array<{ id: number; client_id: number }>;
  const j = jane[0];
  if (!j) return false;
  const touched = await firstId(
    m,
    `SELECT 1 AS id FROM beneficiary WHERE employee_id = $1
     UNION ALL SELECT 1 FROM audit_log WHERE employee_id = $1 AND event_type = 'Beneficiary' LIMIT 1`,
    [j.id],
  );
  if (touched !== null) return false;
  const family = [
    { firstName: 'John', lastName: 'Doe', relationshipTypeId: 1, beneficiaryType: 1, ssn: '123-45-6711' },
    { firstName: 'Lily', lastName: 'Doe', relationshipTypeId: 2, beneficiaryType: 2, ssn: '123-45-6712' },
  ];
  for (const b of family) {
    const dep = (await m.query(`SELECT id, birth_date::text AS birth_date FROM dependent WHERE employee_id = $1 AND first_name = $2 AND last_name = $3 AND deleted_at IS NULL`, [
      j.id,
      b.firstName,
      b.lastName,
    ])) as Array<{ id: number; birth_date: string | null }>;
    await m.query(
      `INSERT INTO beneficiary (client_id, employee_id, relationship_id, relationship_type_id, beneficiary_type, share, first_name, last_name, birth_date, ssn_enc)
       VALUES ($1, $2, $3, $4, $5, 100, $6, $7, $8, $9)`,
      [j.client_id, j.id, dep[0]?.id ?? null, b.relationshipTypeId, b.beneficiaryType, b.firstName, b.lastName, dep[0]?.birth_date ?? null, cipher.encrypt(b.ssn)],
    );
  }
  return true;
}
