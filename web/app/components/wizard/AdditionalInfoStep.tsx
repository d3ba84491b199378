import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import { answerKey, CHECKBOX_SEPARATOR, formIssues, FormMessages, subjectsOf, visibleAnswers, type FormQuestion } from '@bp/api/contracts';
import { inputClass, labelClass } from '~/components/ui';
import { answersFromForm, storedAnswers } from '~/lib/additional-info';
import type { AdditionalInfoData, AdditionalInfoAnswer } from '~/lib/forms.server';
import { ADDITIONAL_INFO_INDEX, WIZARD_STEPS } from '~/lib/registration-steps';
import { WizardActions } from './WizardActions';

/**
 * Registration step 6, Additional Information: the client's questions under their
 * section titles, asked of the employee or of each dependent. A question shows only while its filter
 * matches the answers given so far; shown required questions need an answer ('Field is required').
 * Inputs stay uncontrolled: the page re-reads the form on every change to decide what shows, and without
 * JavaScript the action runs the same rules and draws the form again with what was typed.
 */
export function AdditionalInfoStep({ data, answer, backTo }: { data: AdditionalInfoData; answer: AdditionalInfoAnswer | null; backTo: string }) {
  const { questions, dependentIds } = data;
  const busy = useNavigation().state === 'submitting';
  const initial = useMemo(() => answer?.values ?? storedAnswers(questions), [answer, questions]);
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // A new server answer re-mounts the form with what it carried (the key below) and resets the client state.
  const [answerSeen, setAnswerSeen] = useState(answer);
  if (answerSeen !== answer) {
    setAnswerSeen(answer);
    setValues(initial);
    setSubmitted(false);
    setTouched(new Set());
  }

  const map = useMemo(() => new Map(Object.entries(values)), [values]);
  const visible = useMemo(() => visibleAnswers(questions, map, dependentIds), [questions, map, dependentIds]);
  const issues = useMemo(() => new Map(formIssues(questions, map, dependentIds).map((i) => [i.path, i.message])), [questions, map, dependentIds]);
  const errorOf = (key: string): string | null => {
    if (submitted || touched.has(key)) return issues.get(key) ?? null;
    // Until the person changes anything the server's messages stand.
    return answer?.errors[key] ?? null;
  };

  const reread = () => {
    if (formRef.current) setValues(answersFromForm(new FormData(formRef.current), questions, dependentIds));
  };
  const touch = (key: string) => setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const now = answersFromForm(new FormData(event.currentTarget), questions, dependentIds);
    const blocking = formIssues(questions, new Map(Object.entries(now)), dependentIds);
    if (blocking.length === 0) return;
    // Submit is blocked while any error exists: show them all and take the person to the first.
    event.preventDefault();
    setValues(now);
    setSubmitted(true);
    const first = blocking[0]!.path;
    const form = event.currentTarget;
    requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  };

  const sections = useMemo(() => {
    const out = new Map<string, FormQuestion[]>();
    for (const q of questions) out.set(q.section, [...(out.get(q.section) ?? []), q]);
    return [...out.entries()];
  }, [questions]);
  const nameOfDependent = (id: number) => questions.flatMap((q) => q.dependent).find((d) => d.id === id)?.name ?? 'Dependent';
  const asked = questions.some((q) => subjectsOf(q, dependentIds).length > 0);

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{WIZARD_STEPS[ADDITIONAL_INFO_INDEX]}</h2>
      <Form ref={formRef} method="post" noValidate onChange={reread} onSubmit={onSubmit} key={JSON.stringify(initial)}>
        <input type="hidden" name="screen" value="additionalInfo" />
        {!asked ? (
          <p className="mt-6 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-700">{FormMessages.noAdditionalInformation}</p>
        ) : (
          <div className="mt-6 space-y-8">
            {sections.map(([section, list]) => {
              const shown = list.flatMap((q) => subjectsOf(q, dependentIds).map((s) => ({ q, s }))).filter(({ q, s }) => visible.has(answerKey(q.id, s)));
              if (shown.length === 0) return null;
              return (
                <section key={section} aria-label={section}>
                  <h3 className="border-b border-slate-200 pb-2 text-base font-semibold text-slate-900">{section}</h3>
                  <div className="mt-4 grid gap-5 md:grid-cols-2">
                    {shown.map(({ q, s }) => {
                      const key = answerKey(q.id, s);
                      return (
                        <Question
                          key={key}
                          question={q}
                          subjectName={s === null ? null : nameOfDependent(s)}
                          name={key}
                          initial={initial[key] ?? ''}
                          error={errorOf(key)}
                          onTouch={() => touch(key)}
                        />
                      );
                    })}
                  </div>
                </section>
              );
            })}
          </div>
        )}
        <WizardActions backTo={backTo} busy={busy} />
      </Form>
    </div>
  );
}

function Question({
  question: q,
  subjectName,
  name,
  initial,
  error,
  onTouch,
}: {
  question: FormQuestion;
  /** The dependent the answer is about; null for the employee. */
  subjectName: string | null;
  name: string;
  initial: string;
  error: string | null;
  onTouch: () => void;
}) {
  const id = `question-${name}`;
  const errorId = `${id}-error`;
  const label = (
    <>
      {q.userPrompt}
      {subjectName ? <span className="font-normal text-slate-700"> ({subjectName})</span> : null}
      {q.required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  const invalid = error ? true : undefined;
  const describedBy = error ? errorId : undefined;
  const errorText = error ? (
    <p id={errorId} className="mt-1.5 text-sm text-red-700">
      {error}
    </p>
  ) : null;

  if (q.fieldType === 'Radio' || q.fieldType === 'CheckBox') {
    const chosen = new Set(initial.split(CHECKBOX_SEPARATOR).map((v) => v.trim()));
    return (
      <fieldset
        role={q.fieldType === 'Radio' ? 'radiogroup' : 'group'}
        aria-required={q.required || undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className="min-w-0"
      >
        <legend className={labelClass}>{label}</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {q.options.map((o) => (
            <label key={o.id} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type={q.fieldType === 'Radio' ? 'radio' : 'checkbox'}
                name={name}
                value={String(o.id)}
                defaultChecked={chosen.has(String(o.id))}
                onBlur={onTouch}
                onChange={onTouch}
                className="h-4 w-4 border-slate-400 text-brand-700"
              />
              {o.text}
            </label>
          ))}
        </div>
        {errorText}
      </fieldset>
    );
  }

  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {q.fieldType === 'dropdown' ? (
        <select id={id} name={name} defaultValue={initial} aria-required={q.required || undefined} aria-invalid={invalid} aria-describedby={describedBy} onBlur={onTouch} onChange={onTouch} className={inputClass}>
          <option value="">Select…</option>
          {q.options.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.text}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={name}
          type="text"
          defaultValue={initial}
          maxLength={1000}
          autoComplete="off"
          aria-required={q.required || undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onBlur={onTouch}
          className={inputClass}
        />
      )}
      {errorText}
    </div>
  );
}
