import { useState } from 'react';
import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { OPTION_LISTS, ONBOARDING_STEP_LABELS, WorkEligibility, ZI9Request, type I9, type I9Documents } from '@bp/api/contracts';
import { FieldError, Modal, primaryButtonClass, ScrollRegion, secondaryButtonClass } from '~/components/ui';
import { TextField } from '~/components/wizard/fields';
import { WizardActions } from '~/components/wizard/WizardActions';

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? undefined : String(v));

/**
 * Employment Eligibility Verification: one of four types, the fields the
 * type asks for, saved; then the acceptable I-9 documents ask for confirmation before moving on.
 */
export function EligibilityStep({ data, backTo, lastResult, closeTo }: { data: { i9: I9; documents: I9Documents; confirm: boolean }; backTo?: string; lastResult: SubmissionResult<string[]> | undefined; closeTo: string }) {
  const busy = useNavigation().state === 'submitting';
  const navigate = useNavigate();
  const [type, setType] = useState<number | null>(data.i9.workEligibilityType);
  const [form, fields] = useForm({
    id: 'onboarding-i9',
    lastResult,
    defaultValue: Object.fromEntries(Object.entries(data.i9).map(([k, v]) => [k, text(v)])),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZI9Request }),
  });
  const typeErrors = fields.workEligibilityType.errors;
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{ONBOARDING_STEP_LABELS[4]}</h2>
      <Form method="post" {...getFormProps(form)} className="mt-4">
        <input type="hidden" name="screen" value="i9" />
        <fieldset aria-describedby={typeErrors?.length ? fields.workEligibilityType.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">I attest, under penalty of perjury, that I am (check one of the following):</legend>
          <div className="mt-2 space-y-2">
            {OPTION_LISTS.workEligibilityType.map((o) => (
              <label key={o.id} className="flex items-center gap-3 text-sm text-slate-900">
                <input type="radio" name="workEligibilityType" value={o.id} defaultChecked={data.i9.workEligibilityType === o.id} onChange={() => setType(o.id)} className="h-4 w-4" />
                {o.text}
              </label>
            ))}
          </div>
          <FieldError id={fields.workEligibilityType.errorId} errors={typeErrors} />
        </fieldset>
        {type === WorkEligibility.PermanentResident || type === WorkEligibility.AlienAuthorized ? (
          <div className="mt-5 grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.uscisNumber} label="USCIS / A-Number" autoComplete="off" required={type === WorkEligibility.PermanentResident} />
            {type === WorkEligibility.AlienAuthorized ? (
              <>
                <TextField meta={fields.expirationDate} label="Authorized to work until" format="date" placeholder="MM/DD/YYYY" hint="MM/DD/YYYY" required />
                <TextField meta={fields.i94Number} label="Form I-94 admission number" autoComplete="off" />
                <TextField meta={fields.passportNumber} label="Foreign passport number" autoComplete="off" />
                <TextField meta={fields.issuanceCountry} label="Country of issuance" autoComplete="country-name" />
                <p className="text-sm text-slate-700 sm:col-span-2">Give one of: the USCIS / A-Number, the I-94 admission number, or the passport number with its country.</p>
              </>
            ) : null}
          </div>
        ) : null}
        <WizardActions backTo={backTo} busy={busy} next="Save" />
      </Form>
      <Modal open={data.confirm} wide title="Acceptable documents" onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
        <p className="mt-2 text-sm text-slate-800">{data.documents.note}</p>
        <ScrollRegion label="Lists of acceptable documents" className="mt-4 max-h-[50vh] space-y-4 overflow-y-auto text-sm">
          {data.documents.lists.map((list) => (
            <section key={list.title} aria-labelledby={`i9-${list.title}`}>
              <h3 id={`i9-${list.title}`} className="font-semibold text-slate-900">
                {list.title}
              </h3>
              <p className="text-slate-700">{list.description}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
                {list.documents.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            </section>
          ))}
        </ScrollRegion>
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="screen" value="i9confirm" />
          <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
            Back
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            I will bring these documents
          </button>
        </Form>
      </Modal>
    </div>
  );
}
