import { Injectable, NotFoundException } from '@nestjs/common';
import { ZodValidationException } from 'nestjs-zod';
import type { AuditFieldChange } from '../../core/audit/audit-entry.table';
import {
  answerKey,
  CHECKBOX_SEPARATOR,
  formIssues,
  FormMessages,
  visibleAnswers,
  ZFormAnswers,
  type FormFieldType,
  type FormFilterOperator,
  type FormIssue,
  type FormQuestion,
  type VisibilityQuestion,
} from '../../contracts/forms';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { fieldErrors } from '../../core/http/field-errors';

interface QuestionRow {
  id: number;
  section: string;
  user_prompt: string;
  field_type: FormFieldType;
  required: boolean;
  per_dependent: boolean;
  filter_field_id: number | null;
  filter_operator: FormFilterOperator | null;
  filter_value: string | null;
  options: Array<{ id: number; text: string }>;
}

type Question = VisibilityQuestion & { userPrompt: string };

interface Person {
  id: number;
  name: string;
}

interface Form {
  employeeId: number;
  questions: Question[];
  dependents: Person[];
}

const employeeNotFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
const isBlank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/**
 * The Additional Information step: the client's active questions, answered by the employee and, for
 * per-dependent questions, for each current dependent. Visibility and required checks are the contract's
 * pure functions, so the step and the API agree on every message.
 */
@Injectable()
export class FormQuestionsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<FormQuestion[]> {
    const form = await this.form(false);
    return this.view(form, await this.answers(form));
  }

  /**
   * PUT /forms/questions: the whole form. Answers to unknown questions or people are refused; answers of
   * hidden questions are dropped (a stale answer never reaches HR); a missing answer clears the stored one.
   */
  async save(body: unknown): Promise<FormQuestion[]> {
    const parsed = ZFormAnswers.safeParse(body ?? []);
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    return this.db.transaction(async () => {
      const form = await this.form(true);
      const byId = new Map(form.questions.map((q) => [q.id, q]));
      const dependentIds = new Set(form.dependents.map((d) => d.id));
      const submitted = new Map<string, string>();
      const problems: FormIssue[] = [];
      for (const a of parsed.data) {
        const q = byId.get(a.fieldId);
        const dependentId = a.dependentId ?? null;
        const key = answerKey(a.fieldId, dependentId);
        if (!q) problems.push({ path: key, message: FormMessages.unknownQuestion });
        else if (q.perDependent ? dependentId === null || !dependentIds.has(dependentId) : dependentId !== null) problems.push({ path: key, message: FormMessages.unknownDependent });
        else if (!isBlank(a.info)) submitted.set(key, normalize(q, a.info!));
      }
      if (problems.length > 0) throw fieldErrors(problems);
      const ids = form.dependents.map((d) => d.id);
      const issues = formIssues(form.questions, submitted, ids);
      if (issues.length > 0) throw fieldErrors(issues);

      const visible = visibleAnswers(form.questions, submitted, ids);
      const next = new Map([...submitted].filter(([key]) => visible.has(key)));
      const before = await this.answers(form);
      const changes = this.changes(form, before, next);
      if (changes.length === 0) return this.view(form, before);

      await this.db.query('DELETE FROM form_answer WHERE employee_id = $1 AND client_id = $client', [form.employeeId]);
      for (const q of form.questions) {
        for (const subject of q.perDependent ? ids : [null]) {
          const info = next.get(answerKey(q.id, subject));
          if (info === undefined) continue;
          await this.db.query(`INSERT INTO form_answer (client_id, employee_id, question_id, dependent_id, info) VALUES ($client, $1, $2, $3, $4)`, [form.employeeId, q.id, subject, info]);
        }
      }
      await this.audit.record({ employeeId: form.employeeId, eventType: 'Additional information', actionType: 'update', description: 'Additional information updated', data: changes });
      return this.view(form, next);
    });
  }

  /** The form's messages for the stored answers (the Additional Information step's Next). */
  async issues(): Promise<FormIssue[]> {
    const form = await this.form(false);
    return formIssues(
      form.questions,
      await this.answers(form),
      form.dependents.map((d) => d.id),
    );
  }

  // -------------------------------------------------------------------------------------------------------

  private async form(lock: boolean): Promise<Form> {
    const employeeId = this.context.ownEmployeeId();
    const emp = await this.db.query(`SELECT 1 FROM employee WHERE id = $1 AND client_id = $client${lock ? ' FOR UPDATE' : ''}`, [employeeId]);
    if (emp.length === 0) throw employeeNotFound();
    const rows = await this.db.query<QuestionRow>(
      `SELECT q.id, q.section, q.user_prompt, q.field_type, q.required, q.per_dependent, q.filter_field_id, q.filter_operator, q.filter_value,
              coalesce((SELECT json_agg(json_build_object('id', o.id, 'text', o.text) ORDER BY o.sort_order, o.id)
                          FROM form_question_option o WHERE o.question_id = q.id), '[]') AS options
         FROM form_question q WHERE q.client_id = $client AND q.active ORDER BY q.sort_order, q.id`,
      [],
    );
    const dependents = await this.db.query<{ id: number; name: string }>(
      `SELECT id, concat_ws(' ', first_name, last_name) AS name FROM dependent
        WHERE employee_id = $1 AND client_id = $client AND deleted_at IS NULL ORDER BY CASE WHEN relationship_type_id = 2 THEN 1 ELSE 0 END, birth_date NULLS LAST, id`,
      [employeeId],
    );
    return {
      employeeId,
      dependents,
      questions: rows.map((r) => ({
        id: r.id,
        section: r.section,
        userPrompt: r.user_prompt,
        fieldType: r.field_type,
        required: r.required,
        perDependent: r.per_dependent,
        options: r.options,
        filter: r.filter_field_id !== null && r.filter_operator !== null ? { fieldId: r.filter_field_id, operator: r.filter_operator, fieldValue: r.filter_value ?? '' } : null,
      })),
    };
  }

  /** Stored answers of the employee and the current dependents. */
  private async answers(form: Form): Promise<Map<string, string>> {
    const rows = await this.db.query<{ question_id: number; dependent_id: number | null; info: string }>(
      `SELECT a.question_id, a.dependent_id, a.info FROM form_answer a
         LEFT JOIN dependent d ON d.id = a.dependent_id
        WHERE a.employee_id = $1 AND a.client_id = $client AND (a.dependent_id IS NULL OR d.deleted_at IS NULL)`,
      [form.employeeId],
    );
    return new Map(rows.map((r) => [answerKey(r.question_id, r.dependent_id), r.info]));
  }

  private view(form: Form, answers: ReadonlyMap<string, string>): FormQuestion[] {
    return form.questions.map((q) => ({
      id: q.id,
      section: q.section,
      userPrompt: q.userPrompt,
      fieldType: q.fieldType,
      options: [...q.options],
      required: q.required,
      perDependent: q.perDependent,
      info: q.perDependent ? null : (answers.get(answerKey(q.id, null)) ?? null),
      dependent: q.perDependent ? form.dependents.map((d) => ({ id: d.id, name: d.name, info: answers.get(answerKey(q.id, d.id)) ?? null })) : [],
      filter: q.filter,
    }));
  }

  /** One audit row per answer that changed, titled with the prompt (and the dependent), options as their text. */
  private changes(form: Form, before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): AuditFieldChange[] {
    const out: AuditFieldChange[] = [];
    for (const q of form.questions) {
      const people: Array<Person | null> = q.perDependent ? form.dependents : [null];
      for (const person of people) {
        const key = answerKey(q.id, person?.id ?? null);
        const oldValue = before.get(key) ?? null;
        const newValue = after.get(key) ?? null;
        if (oldValue === newValue) continue;
        out.push({ title: person ? `${q.userPrompt} (${person.name})` : q.userPrompt, oldValue: display(q, oldValue), newValue: display(q, newValue), changed: true });
      }
    }
    return out;
  }
}

/** CheckBox answers are stored sorted and without spaces, so the same choice always reads the same. */
function normalize(q: Question, info: string): string {
  if (q.fieldType !== 'CheckBox') return info.trim();
  return [...new Set(info.split(CHECKBOX_SEPARATOR).map((s) => s.trim()).filter(Boolean))].sort((a, b) => Number(a) - Number(b)).join(CHECKBOX_SEPARATOR);
}

function display(q: Question, value: string | null): string | null {
  if (value === null || q.fieldType === 'Text') return value;
  const text = new Map(q.options.map((o) => [String(o.id), o.text]));
  return value
    .split(CHECKBOX_SEPARATOR)
    .map((id) => text.get(id) ?? id)
    .join(', ');
}
