import { answerKey, CHECKBOX_SEPARATOR, subjectsOf, type FormQuestion } from '@bp/api/contracts';

/** Pure helpers of the Additional Information step, shared by the page and its action. */

/** The stored answers keyed by answerKey, as the form's first values. */
export function storedAnswers(questions: readonly FormQuestion[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of questions) {
    if (!q.perDependent && q.info) out[answerKey(q.id, null)] = q.info;
    if (q.perDependent) for (const d of q.dependent) if (d.info) out[answerKey(q.id, d.id)] = d.info;
  }
  return out;
}

/** Answers of the submitted form; CheckBox options are joined with commas. */
export function answersFromForm(formData: FormData, questions: readonly FormQuestion[], dependentIds: readonly number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of questions) {
    for (const s of subjectsOf(q, dependentIds)) {
      const key = answerKey(q.id, s);
      const values = formData
        .getAll(key)
        .filter((v): v is string => typeof v === 'string')
        .map((v) => v.trim())
        .filter((v) => v.length > 0);
      if (values.length > 0) out[key] = q.fieldType === 'CheckBox' ? values.join(CHECKBOX_SEPARATOR) : values[0]!;
    }
  }
  return out;
}

