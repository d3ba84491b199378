import { z } from 'zod';
import { AMOUNT_INPUT_PATTERN } from '../engine/money';
import { isValidUsDate, toIntOrUndefined } from '../formats';
import { Messages } from '../messages';

/** Custom documents: the employer's forms, their field rules and the answer's rules. */

export const CUSTOM_FIELD_TYPES = ['text', 'textarea', 'date', 'checkbox', 'dropdown', 'amount', 'phone', 'ssn', 'email', 'state', 'zip'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** The custom-document messages as specified, word for word; the acknowledgment text is the product's own. */
export const CustomDocumentMessages = {
  fieldRequired: Messages.fieldRequired,
  invalidEmail: 'Invalid Email Format',
  invalidSsn: 'Invalid SSN Format',
  invalidPhone: 'Invalid Phone Format',
  invalidZip: 'Invalid ZIP code Format',
  invalidDate: Messages.dateInvalid,
  invalidAmount: 'Please enter a valid amount',
  unknownChoice: Messages.unknownOption,
  openAll: 'Please open and read all attached documents',
  fileMustBeOpened: 'File is required to be opened',
  fileMustBeUploaded: 'File must be uploaded',
  nameRequired: 'Name is required',
  acknowledge: 'Please confirm that you have read this document',
  documentNotFound: 'Document not found',
} as const;

export const ZDocumentField = z.object({
  id: z.number().int(),
  fieldLabel: z.string(),
  fieldType: z.enum(CUSTOM_FIELD_TYPES),
  /** The choices of a dropdown. */
  options: z.array(z.string()).optional(),
  /** The employee's answer ('true'/'false' for a checkbox; an SSN masked). */
  value: z.string().nullable(),
});
export type DocumentField = z.infer<typeof ZDocumentField>;

export const ZCustomDocument = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML written by HR (sanitized when it is saved). */
  comment: z.string(),
  includeInRegistration: z.boolean(),
  customFields: z.array(ZDocumentField),
  files: z.array(z.object({ id: z.number().int(), title: z.string(), opened: z.boolean() })),
  requireFileView: z.boolean(),
  requireFileUpload: z.boolean(),
  requireAcknowledgment: z.boolean(),
  requireSignature: z.boolean(),
  requireApproval: z.boolean(),
  /** The employee's answer so far. */
  fullName: z.string().nullable(),
  acknowledged: z.boolean(),
  fileId: z.number().int().nullable(),
  fileTitle: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** With requireApproval: HR's decision on the submitted document. */
  approval: z.enum(['pending', 'approved']).nullable(),
});
export type CustomDocument = z.infer<typeof ZCustomDocument>;
export const ZCustomDocumentList = z.array(ZCustomDocument);

/** PUT /onboarding/custom: one document's answer. */
export const ZCustomDocumentRequest = z.object({
  id: z.preprocess(toIntOrUndefined, z.number({ error: CustomDocumentMessages.documentNotFound }).int().min(1).max(2_147_483_647)),
  customFields: z.array(z.object({ id: z.preprocess(toIntOrUndefined, z.number().int()), value: z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string().max(2000)) })).default([]),
  fullName: z.preprocess((v) => (v === null || v === undefined ? '' : String(v).trim()), z.string().max(200)),
  acknowledged: z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean()),
  fileId: z.preprocess(toIntOrUndefined, z.number().int().min(1).optional()),
});
export type CustomDocumentRequest = z.output<typeof ZCustomDocumentRequest>;

const EMAIL_RE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** A field's message for a value, or null when it passes (checkboxes are never required). */
export function customFieldIssue(field: Pick<DocumentField, 'fieldType' | 'options'>, raw: string, states: ReadonlySet<string>): string | null {
  const value = raw.trim();
  if (field.fieldType === 'checkbox') return value === '' || value === 'true' || value === 'false' ? null : CustomDocumentMessages.unknownChoice;
  if (value === '') return CustomDocumentMessages.fieldRequired;
  switch (field.fieldType) {
    case 'email':
      return EMAIL_RE.test(value) ? null : CustomDocumentMessages.invalidEmail;
    case 'ssn':
      return /^\d{3}-\d{2}-\d{4}$/.test(value) || /^X{3}-X{2}-\d{4}$/i.test(value) ? null : CustomDocumentMessages.invalidSsn;
    case 'phone':
      return /^\d{3}-\d{3}-\d{4}$/.test(value) ? null : CustomDocumentMessages.invalidPhone;
    case 'zip':
      return /^\d{5}$/.test(value) ? null : CustomDocumentMessages.invalidZip;
    case 'date':
      return isValidUsDate(value) ? null : CustomDocumentMessages.invalidDate;
    case 'amount':
      return AMOUNT_INPUT_PATTERN.test(value.replace(/[$,]/g, '')) ? null : CustomDocumentMessages.invalidAmount;
    case 'dropdown':
      return (field.options ?? []).includes(value) ? null : CustomDocumentMessages.unknownChoice;
    case 'state':
      return states.has(value.toUpperCase()) ? null : CustomDocumentMessages.unknownChoice;
    default:
      return null;
  }
}

/** '$1,234.50' for an amount field: the $ prefix and the thousands separator. */
export function formatAmountField(raw: string): string {
  const cleaned = raw.replace(/[$,\s]/g, '');
  if (!AMOUNT_INPUT_PATTERN.test(cleaned)) return raw;
  const [whole, cents = ''] = cleaned.split('.');
  return `$${Number(whole).toLocaleString('en-US')}${cleaned.includes('.') ? `.${cents.padEnd(2, '0')}` : ''}`;
}

export interface CustomDocumentRules {
  customFields: ReadonlyArray<Pick<DocumentField, 'id' | 'fieldType' | 'options'>>;
  fileIds: readonly number[];
  requireFileView: boolean;
  requireFileUpload: boolean;
  requireAcknowledgment: boolean;
  requireSignature: boolean;
  requireApproval: boolean;
}

/** Every rule of a document over an answer: fields, files opened, the upload, the acknowledgment and typed name. */
export function customDocumentIssues(
  doc: CustomDocumentRules,
  answer: { values: ReadonlyMap<number, string>; fullName: string; acknowledged: boolean; fileId: number | null },
  opened: ReadonlySet<number>,
  states: ReadonlySet<string>,
): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  doc.customFields.forEach((f, i) => {
    const message = customFieldIssue(f, answer.values.get(f.id) ?? '', states);
    if (message) issues.push({ path: `customFields.${i}.value`, message });
  });
  if (doc.requireFileView) {
    const unopened = doc.fileIds.filter((id) => !opened.has(id));
    if (unopened.length) issues.push({ path: 'files', message: CustomDocumentMessages.openAll }, ...unopened.map((id) => ({ path: `files.${id}`, message: CustomDocumentMessages.fileMustBeOpened })));
  }
  if (doc.requireFileUpload && answer.fileId === null) issues.push({ path: 'fileId', message: CustomDocumentMessages.fileMustBeUploaded });
  if (doc.requireAcknowledgment || doc.requireSignature || doc.requireApproval) {
    if (!answer.acknowledged) issues.push({ path: 'acknowledged', message: CustomDocumentMessages.acknowledge });
    if (answer.fullName.trim() === '') issues.push({ path: 'fullName', message: CustomDocumentMessages.nameRequired });
  }
  return issues;
}
