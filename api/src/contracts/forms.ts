import { z } from 'zod';
import { blankToUndefined, toIntOrUndefined } from './formats';
import { Messages } from './messages';

/** Field types of a form question. */
export const FORM_FIELD_TYPES = ['Text', 'Radio', 'CheckBox', 'dropdown'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Filter operators: equals, does not equal, less than, more than. */
export const FORM_FILTER_OPERATORS = ['Equals', 'DoesNotEqual', 'LessThan', 'MoreThan'] as const;
export type FormFilterOperator = (typeof FORM_FILTER_OPERATORS)[number];

export const FormMessages = {
  fieldRequired: Messages.fieldRequired,
  noAdditionalInformation: 'No additional information required',
  signatureServerError: 'Server error!',
  // Not spec texts: the answers the spec has no wording for.
  unknownOption: Messages.unknownOption,
  unknownQuestion: 'This question is not part of your form',
  unknownDependent: 'This person is not one of your dependents',
  answerTooLong: 'The answer is too long',
  signatureRequired: 'Please sign in the box',
  signatureNotPng: 'The signature must be a PNG image',
  signatureTooLarge: 'The signature image is too large',
  signatureEmpty: 'The signature is empty. Please sign in the box',
  signatureMissing: 'Please sign your enrollment before you continue',
} as const;

/** Longest text answer. */
export const FORM_ANSWER_MAX = 1000;
/** CheckBox answers are the chosen option ids joined with commas. */
export const CHECKBOX_SEPARATOR = ',';

export const ZFormOption = z.object({ id: z.number().int(), text: z.string() });
export const ZFormFilter = z.object({
  /** The question whose answer decides (same section, same person). */
  fieldId: z.number().int(),
  operator: z.enum(FORM_FILTER_OPERATORS),
  fieldValue: z.string(),
});
export type FormFilter = z.infer<typeof ZFormFilter>;

export const ZFormQuestion = z.object({
  id: z.number().int(),
  /** Section title the question is grouped under. */
  section: z.string(),
  userPrompt: z.string(),
  fieldType: z.enum(FORM_FIELD_TYPES),
  options: z.array(ZFormOption),
  required: z.boolean(),
  /** true: answered once per dependent (see `dependent`); false: once by the employee (`info`). */
  perDependent: z.boolean(),
  /** The employee's answer (Radio/dropdown: an option id; CheckBox: option ids joined with commas). */
  info: z.string().nullable(),
  /** Per-dependent answers, one per current dependent. */
  dependent: z.array(z.object({ id: z.number().int(), name: z.string(), info: z.string().nullable() })),
  filter: ZFormFilter.nullable(),
});
export type FormQuestion = z.infer<typeof ZFormQuestion>;
export const ZFormQuestionList = z.array(ZFormQuestion);

/** One answer of PUT /forms/questions. */
export const ZFormAnswer = z.object({
  fieldId: z.preprocess(toIntOrUndefined, z.number({ error: Messages.fieldRequired }).int().min(1).max(2_147_483_647)),
  dependentId: z.preprocess(toIntOrUndefined, z.number().int().min(1).max(2_147_483_647).nullable().optional()),
  info: z.preprocess((v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : blankToUndefined(v)), z.string().max(FORM_ANSWER_MAX, FormMessages.answerTooLong).optional()),
});
export type FormAnswer = z.infer<typeof ZFormAnswer>;
/** PUT /forms/questions: every answer of the form (a missing one is cleared). */
export const ZFormAnswers = z.array(ZFormAnswer).max(2000);

// ---------------------------------------------------------------------------------------------------------
// Visibility and required checks: pure, shared by the Additional Information step and the API.

export interface VisibilityQuestion {
  id: number;
  section: string;
  fieldType: FormFieldType;
  required: boolean;
  perDependent: boolean;
  options: ReadonlyArray<{ id: number; text: string }>;
  filter: FormFilter | null;
}

/** Whose answer: the employee (null) or a dependent. */
export type Subject = number | null;

/** Answers keyed by answerKey(fieldId, dependentId). */
export type AnswerMap = ReadonlyMap<string, string | null | undefined>;

/** The form field name of one answer: q{fieldId} for the employee, q{fieldId}_{dependentId} per dependent. */
export const answerKey = (fieldId: number, dependentId: Subject): string => (dependentId === null ? `q${fieldId}` : `q${fieldId}_${dependentId}`);

const isBlank = (v: string | null | undefined): boolean => v === null || v === undefined || v.trim() === '';

const numberOf = (v: string): number | null => {
  const t = v.trim();
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : null;
};

/**
 * Does an answer satisfy a filter? Equals and DoesNotEqual compare text (a CheckBox answer equals a value
 * when that option is among the chosen ones); LessThan and MoreThan compare numbers, and a non-number never
 * matches them. An unanswered (or hidden) source question equals nothing, so Equals, LessThan and MoreThan
 * hide and DoesNotEqual shows.
 */
export function filterMatches(filter: Pick<FormFilter, 'operator' | 'fieldValue'>, answer: string | null | undefined, sourceType: FormFieldType): boolean {
  const blank = isBlank(answer);
  const equal =
    !blank &&
    (sourceType === 'CheckBox'
      ? answer!.split(CHECKBOX_SEPARATOR).map((s) => s.trim()).includes(filter.fieldValue.trim())
      : answer!.trim().toLowerCase() === filter.fieldValue.trim().toLowerCase());
  switch (filter.operator) {
    case 'Equals':
      return equal;
    case 'DoesNotEqual':
      return !equal;
    case 'LessThan':
    case 'MoreThan': {
      if (blank) return false;
      const a = numberOf(answer!);
      const b = numberOf(filter.fieldValue);
      if (a === null || b === null) return false;
      return filter.operator === 'LessThan' ? a < b : a > b;
    }
  }
}

/** The people a question is asked of: the employee, or each dependent. */
export const subjectsOf = (q: Pick<VisibilityQuestion, 'perDependent'>, dependentIds: readonly number[]): Subject[] => (q.perDependent ? [...dependentIds] : [null]);

/**
 * Which (question, person) pairs are shown. A filter reads the source question's answer of the same
 * person (the employee's when the source is asked of the employee); a source that is itself hidden counts
 * as unanswered, so chains of filters work. A filter naming a question of another section never matches.
 */
export function visibleAnswers(questions: readonly VisibilityQuestion[], answers: AnswerMap, dependentIds: readonly number[]): Set<string> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const visible = new Set<string>();
  const state = new Map<string, boolean>();
  const resolving = new Set<string>();

  const isVisible = (q: VisibilityQuestion, subject: Subject): boolean => {
    const key = answerKey(q.id, subject);
    const known = state.get(key);
    if (known !== undefined) return known;
    // A filter cycle is a data mistake: the questions in it stay hidden.
    if (resolving.has(key)) return false;
    resolving.add(key);
    let shown = true;
    if (q.filter) {
      const source = byId.get(q.filter.fieldId);
      if (!source || source.section !== q.section) shown = false;
      else {
        const sourceSubject = source.perDependent ? subject : null;
        if (source.perDependent && subject === null) shown = false;
        else {
          const sourceShown = isVisible(source, sourceSubject);
          const answer = sourceShown ? answers.get(answerKey(source.id, sourceSubject)) : null;
          shown = filterMatches(q.filter, answer, source.fieldType);
        }
      }
    }
    resolving.delete(key);
    state.set(key, shown);
    return shown;
  };

  for (const q of questions) for (const s of subjectsOf(q, dependentIds)) if (isVisible(q, s)) visible.add(answerKey(q.id, s));
  return visible;
}

export interface FormIssue {
  path: string;
  message: string;
}

/** An answer that is not one of the question's options (Radio, dropdown, CheckBox), or null when it fits. */
export function answerOptionIssue(q: Pick<VisibilityQuestion, 'fieldType' | 'options'>, answer: string | null | undefined): string | null {
  if (isBlank(answer) || q.fieldType === 'Text') return null;
  const ids = new Set(q.options.map((o) => String(o.id)));
  const chosen = q.fieldType === 'CheckBox' ? answer!.split(CHECKBOX_SEPARATOR).map((s) => s.trim()) : [answer!.trim()];
  return chosen.every((c) => ids.has(c)) ? null : FormMessages.unknownOption;
}

/**
 * Every message of the form: 'Field is required' for a shown required question without an answer, and
 * the option check. Hidden questions are never checked (their answers are dropped on save).
 */
export function formIssues(questions: readonly VisibilityQuestion[], answers: AnswerMap, dependentIds: readonly number[]): FormIssue[] {
  const visible = visibleAnswers(questions, answers, dependentIds);
  const issues: FormIssue[] = [];
  for (const q of questions) {
    for (const s of subjectsOf(q, dependentIds)) {
      const key = answerKey(q.id, s);
      if (!visible.has(key)) continue;
      const answer = answers.get(key);
      if (q.required && isBlank(answer)) issues.push({ path: key, message: FormMessages.fieldRequired });
      else {
        const optionIssue = answerOptionIssue(q, answer);
        if (optionIssue) issues.push({ path: key, message: optionIssue });
      }
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------------------
// Signature (registration step 7): POST /forms

export const SIGNATURE_DATA_URL_PREFIX = 'data:image/png;base64,';
/**
 * Decoded PNG bytes at most. A trimmed signature is a few kilobytes; this cap keeps the base64 body below
 * the API's 100 kB JSON limit.
 */
export const SIGNATURE_MAX_BYTES = 72 * 1024;
/** Largest canvas side accepted, in pixels. */
export const SIGNATURE_MAX_SIDE = 4000;

/** Like the site's check: the trimmed drawing must be larger than 1x1. */
export const isSignatureLargeEnough = (trimmedWidth: number, trimmedHeight: number): boolean => trimmedWidth * trimmedHeight > 1;

export const ZSignatureRequest = z.object({
  signature: z.preprocess(
    blankToUndefined,
    z
      .string({ error: FormMessages.signatureRequired })
      .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + SIGNATURE_DATA_URL_PREFIX.length + 4, FormMessages.signatureTooLarge)
      .refine((v) => v.startsWith(SIGNATURE_DATA_URL_PREFIX) && /^[A-Za-z0-9+/]+={0,2}$/.test(v.slice(SIGNATURE_DATA_URL_PREFIX.length)), FormMessages.signatureNotPng),
  ),
});
export type SignatureRequest = z.infer<typeof ZSignatureRequest>;

export const ZSignatureResponse = z.object({
  id: z.number().int(),
  /** ISO timestamp. */
  signedAt: z.string(),
  /** The stored signature image (a personal file of the employee). */
  imageFileId: z.number().int(),
  /** The signed enrollment summary PDF; null while the documents worker is still writing it. */
  summaryFileId: z.number().int().nullable(),
});
export type SignatureResponse = z.infer<typeof ZSignatureResponse>;
