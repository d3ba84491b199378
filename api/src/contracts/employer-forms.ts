import { z } from 'zod';
import { requiredString } from './common';
import { Messages } from './messages';
import { CUSTOM_FIELD_TYPES } from './onboarding';

/** Employer Forms (a server-rendered wizard of custom-document steps). */
export const EmployerFormMessages = {
  titleRequired: Messages.fieldRequired,
  labelRequired: 'Every field needs a label',
  optionsRequired: 'A dropdown needs its choices, separated by commas',
  unknownFile: 'Choose files of this company',
  saved: 'The step is saved. Employees see it in onboarding.',
  deleted: 'The step is deleted.',
  answered: 'Employees have answered this step: it cannot be deleted. Take it out of registration instead.',
  expired: 'This page has expired. Open Employer Forms again from the menu.',
  notFound: 'Document not found',
  confirmDelete: 'Use the Delete button of the step to delete it',
} as const;

/** Labels of the field types in HR's words. */
export const CUSTOM_FIELD_TYPE_LABELS: Readonly<Record<(typeof CUSTOM_FIELD_TYPES)[number], string>> = {
  text: 'Text',
  textarea: 'Long text',
  date: 'Date (MM/DD/YYYY)',
  checkbox: 'Checkbox',
  dropdown: 'Dropdown',
  amount: 'Amount ($)',
  phone: 'Phone (###-###-####)',
  ssn: 'SSN (###-##-####)',
  email: 'Email',
  state: 'State',
  zip: 'ZIP code',
};

/** The require* flags of a step, in the order the form shows them, with their labels. */
export const STEP_FLAGS = [
  ['requireFileView', 'Employees must open every attached file'],
  ['requireFileUpload', 'Employees must upload a file'],
  ['requireAcknowledgment', 'Employees must acknowledge it with their typed name'],
  ['requireSignature', 'Employees must sign it (typed name)'],
  ['requireApproval', 'HR approves it in the Action Center'],
] as const;

/** A checkbox of an HTML form: present ('on') or absent. */
const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true || v === '1', z.boolean());

/** One field row of the form; `remove` ticks it for removal, a row without a label and type is ignored. */
export const ZStepFieldInput = z.object({
  id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  label: z.string().trim().max(200).default(''),
  type: z.enum(CUSTOM_FIELD_TYPES).default('text'),
  options: z.string().max(2000).default(''),
  remove: checkbox.default(false),
});

/** A step as HR's form posts it (urlencoded: fields[0][label], fileIds[], …). */
export const ZEmployerFormStep = z.object({
  title: requiredString(EmployerFormMessages.titleRequired).pipe(z.string().max(200)),
  comment: z.string().max(20_000).default(''),
  includeInRegistration: checkbox.default(false),
  requireFileView: checkbox.default(false),
  requireFileUpload: checkbox.default(false),
  requireAcknowledgment: checkbox.default(false),
  requireSignature: checkbox.default(false),
  requireApproval: checkbox.default(false),
  sortOrder: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(999).default(0)),
  // urlencoded arrays arrive as arrays, or as objects keyed by index when sparse.
  fields: z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v), z.array(ZStepFieldInput).max(50).default([])),
  fileIds: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.coerce.number().int().positive()).max(50)),
});
export type EmployerFormStep = z.infer<typeof ZEmployerFormStep>;

export interface StepField {
  id: number;
  fieldLabel: string;
  fieldType: (typeof CUSTOM_FIELD_TYPES)[number];
  options?: string[];
}

/**
 * The fields a step keeps from the form's rows: removed and empty rows dropped, new rows numbered after the
 * highest id (existing ids are kept, so answers already given stay with their field). Answers the fields or
 * the first problem (with the row's index).
 */
export function stepFields(rows: ReadonlyArray<z.infer<typeof ZStepFieldInput>>, existingIds: ReadonlySet<number>): { fields: StepField[] } | { error: string; row: number } {
  let next = Math.max(0, ...existingIds, ...rows.map((r) => r.id ?? 0)) + 1;
  const fields: StepField[] = [];
  for (const [row, r] of rows.entries()) {
    if (r.remove || (r.label === '' && r.options.trim() === '' && r.id === undefined)) continue;
    if (r.label === '') return { error: EmployerFormMessages.labelRequired, row };
    const id = r.id !== undefined && existingIds.has(r.id) ? r.id : next++;
    if (r.type === 'dropdown') {
      const options = [...new Set(r.options.split(',').map((o) => o.trim()).filter(Boolean))];
      if (options.length === 0) return { error: EmployerFormMessages.optionsRequired, row };
      fields.push({ id, fieldLabel: r.label, fieldType: r.type, options });
    } else fields.push({ id, fieldLabel: r.label, fieldType: r.type });
  }
  return { fields };
}

/** POST /employer-forms/ticket: a one-time code for the frame's address, exchanged at once for a cookie. */
export const ZEmployerFormsTicket = z.object({ ticket: z.string(), url: z.string() });
export type EmployerFormsTicket = z.infer<typeof ZEmployerFormsTicket>;
