import { useState } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { OPTION_LISTS, ONBOARDING_STEP_LABELS, OnboardingMessages, ZW4Request, type W4 } from '@bp/api/contracts';
import { FieldError } from '~/components/ui';
import { SelectField, TextField } from '~/components/wizard/fields';
import { WizardActions } from '~/components/wizard/WizardActions';

/**
 * Tax Withholding: filing status, allowances and an additional amount per
 * paycheck. Claiming exemption makes them read-only and asks for the two statements of the current year.
 */
/** `year`: the client's current year (its today from GET /me), which the exemption statements name. */
export function TaxStep({ w4, year, backTo, lastResult }: { w4: W4; year: number; backTo?: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const [exempt, setExempt] = useState(w4.federalExemption === '1');
  const [form, fields] = useForm({
    id: 'onboarding-w4',
    lastResult,
    defaultValue: {
      federalFilingStatus: w4.federalFilingStatus ?? undefined,
      federalWithholdingAllowance: w4.federalWithholdingAllowance === null ? undefined : String(w4.federalWithholdingAllowance),
      federalAdditionalWithholding: w4.federalAdditionalWithholding ?? undefined,
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZW4Request }),
  });
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{ONBOARDING_STEP_LABELS[5]}</h2>
      <Form method="post" {...getFormProps(form)} className="mt-4">
        <input type="hidden" name="screen" value="w4" />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField meta={fields.federalFilingStatus} label="Filing status" options={OPTION_LISTS.w4FilingStatus} required />
          <TextField meta={fields.federalWithholdingAllowance} label="Allowances" readOnly={exempt} required />
          <TextField meta={fields.federalAdditionalWithholding} label="Additional amount withheld per paycheck ($)" readOnly={exempt} />
        </div>
        <fieldset className="mt-5 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-medium text-slate-800">Exemption from withholding</legend>
          <label className="flex items-center gap-3 text-sm text-slate-900">
            <input type="checkbox" name="federalExemption" value="1" defaultChecked={exempt} onChange={(e) => setExempt(e.currentTarget.checked)} className="h-4 w-4" />
            I claim exemption from withholding for {year}
          </label>
          {exempt ? (
            <div className="mt-3 space-y-2">
              <label className="flex items-start gap-3 text-sm text-slate-900">
                <input type="checkbox" name="certifyLastYear" className="mt-0.5 h-4 w-4" />
                {OnboardingMessages.exemptLastYear(year)}
              </label>
              <label className="flex items-start gap-3 text-sm text-slate-900">
                <input type="checkbox" name="certifyThisYear" aria-describedby={fields.certifyThisYear.errors?.length ? fields.certifyThisYear.errorId : undefined} className="mt-0.5 h-4 w-4" />
                {OnboardingMessages.exemptThisYear(year)}
              </label>
              <FieldError id={fields.certifyThisYear.errorId} errors={fields.certifyThisYear.errors} />
            </div>
          ) : null}
        </fieldset>
        <WizardActions backTo={backTo} busy={busy} />
      </Form>
    </div>
  );
}
