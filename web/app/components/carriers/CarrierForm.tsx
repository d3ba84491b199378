import { Form, Link, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { CARRIER_SCHEDULE_LABELS, CARRIER_SCHEDULES, FEED_PLAN_TYPES, ISA_QUALIFIERS, ZCarrierInput, type Carrier } from '@bp/api/contracts';
import { Alert, FieldError, inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';

const TEXT_FIELDS = [
  ['name', 'Carrier name', 'organization'],
  ['policyNumber', 'Group policy number (REF*38)', 'off'],
  ['sponsorFein', 'Employer FEIN (9 digits)', 'off'],
  ['isaSenderId', 'ISA sender ID (ISA06)', 'off'],
  ['isaReceiverId', 'ISA receiver ID (ISA08)', 'off'],
  ['gsSenderCode', 'GS sender code (GS02)', 'off'],
  ['gsReceiverCode', 'GS receiver code (GS03)', 'off'],
] as const;

/** The carrier form of Transactions → Carrier files (new and edit): the contracts' schema checks it on both sides. */
export function CarrierForm({ carrier, lastResult, submitLabel }: { carrier: Carrier | null; lastResult: SubmissionResult<string[]> | undefined; submitLabel: string }) {
  const submitting = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: carrier ? `carrier-${carrier.id}` : 'carrier-new',
    lastResult,
    defaultValue: carrier
      ? { ...carrier, planTypeIds: carrier.planTypeIds.map(String) }
      : { isaSenderQualifier: 'ZZ', isaReceiverQualifier: 'ZZ', schedule: 'on_demand', planTypeIds: [] },
    constraint: getZodConstraint(ZCarrierInput),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZCarrierInput }),
  });
  const formError = form.errors?.[0] ?? null;
  const chosen = new Set((fields.planTypeIds.initialValue as string[] | undefined) ?? []);
  const qualifier = (field: typeof fields.isaSenderQualifier, label: string) => (
    <div>
      <label htmlFor={field.id} className={labelClass}>
        {label}
      </label>
      <select {...getSelectProps(field)} className={inputClass}>
        {ISA_QUALIFIERS.map((q) => (
          <option key={q} value={q}>
            {q}
          </option>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
  return (
    <>
      {formError ? (
        <Alert tone="error" id={form.errorId} className="mb-4">
          {formError}
        </Alert>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.slice(0, 3).map(([name, label, auto]) => (
            <div key={name}>
              <label htmlFor={fields[name].id} className={labelClass}>
                {label}
              </label>
              <input {...getInputProps(fields[name], { type: 'text' })} autoComplete={auto} className={inputClass} />
              <FieldError id={fields[name].errorId} errors={fields[name].errors} />
            </div>
          ))}
        </div>
        <fieldset aria-describedby={fields.planTypeIds.errors?.length ? fields.planTypeIds.errorId : undefined}>
          <legend className={labelClass}>Plan types in the carrier's files</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {FEED_PLAN_TYPES.map((t) => (
              <label key={t.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name={fields.planTypeIds.name} value={t.id} defaultChecked={chosen.has(String(t.id))} className="h-4 w-4" />
                {t.name}
              </label>
            ))}
          </div>
          <FieldError id={fields.planTypeIds.errorId} errors={fields.planTypeIds.errors} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          {qualifier(fields.isaSenderQualifier, 'ISA sender ID qualifier (ISA05)')}
          {TEXT_FIELDS.slice(3, 4).map(([name, label, auto]) => (
            <div key={name}>
              <label htmlFor={fields[name].id} className={labelClass}>
                {label}
              </label>
              <input {...getInputProps(fields[name], { type: 'text' })} autoComplete={auto} className={inputClass} />
              <FieldError id={fields[name].errorId} errors={fields[name].errors} />
            </div>
          ))}
          {qualifier(fields.isaReceiverQualifier, 'ISA receiver ID qualifier (ISA07)')}
          {TEXT_FIELDS.slice(4).map(([name, label, auto]) => (
            <div key={name}>
              <label htmlFor={fields[name].id} className={labelClass}>
                {label}
              </label>
              <input {...getInputProps(fields[name], { type: 'text' })} autoComplete={auto} className={inputClass} />
              <FieldError id={fields[name].errorId} errors={fields[name].errors} />
            </div>
          ))}
        </div>
        <fieldset>
          <legend className={labelClass}>File schedule</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {CARRIER_SCHEDULES.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name={fields.schedule.name} value={s} defaultChecked={(fields.schedule.initialValue ?? 'on_demand') === s} className="h-4 w-4" />
                {CARRIER_SCHEDULE_LABELS[s]}
              </label>
            ))}
          </div>
          <FieldError id={fields.schedule.errorId} errors={fields.schedule.errors} />
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={submitting} className={primaryButtonClass}>
            {submitLabel}
          </button>
          <Link to="/transactions/carriers" className={secondaryButtonClass}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}
