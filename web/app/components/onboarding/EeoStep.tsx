import { Form, useNavigation } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { OPTION_LISTS, ONBOARDING_STEP_LABELS, ZEeoRequest, type Eeo } from '@bp/api/contracts';
import { SelectField } from '~/components/wizard/fields';
import { WizardActions } from '~/components/wizard/WizardActions';

const text = (v: number | null) => (v === null ? undefined : String(v));

/** EEO: four optional answers, used only for equal-opportunity reporting. */
export function EeoStep({ eeo, backTo, lastResult }: { eeo: Eeo; backTo?: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'onboarding-eeo',
    lastResult,
    defaultValue: { eeoGender: text(eeo.eeoGender), eeoRace: text(eeo.eeoRace), eeoJobCategory: text(eeo.eeoJobCategory), eeoMilitaryStatus: text(eeo.eeoMilitaryStatus) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZEeoRequest }),
  });
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{ONBOARDING_STEP_LABELS[7]}</h2>
      <p className="mt-2 text-sm text-slate-700">Every answer here is optional. Your employer uses them only for equal employment opportunity reporting; they never affect your employment.</p>
      <Form method="post" {...getFormProps(form)} className="mt-4">
        <input type="hidden" name="screen" value="eeo" />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField meta={fields.eeoGender} label="Gender" options={OPTION_LISTS.gender} />
          <SelectField meta={fields.eeoRace} label="Race/ethnicity" options={OPTION_LISTS.eeoRace} />
          <SelectField meta={fields.eeoJobCategory} label="Job category" options={OPTION_LISTS.eeoJobCategory} />
          <SelectField meta={fields.eeoMilitaryStatus} label="Military status" options={OPTION_LISTS.eeoMilitaryStatus} />
        </div>
        <WizardActions backTo={backTo} busy={busy} />
      </Form>
    </div>
  );
}
