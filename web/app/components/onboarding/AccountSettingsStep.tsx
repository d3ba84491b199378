import { Form, useNavigation } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ZOnboardingAccountRequest } from '@bp/api/contracts';
import { SelectField, TextField } from '~/components/wizard/fields';
import { WizardActions } from '~/components/wizard/WizardActions';
import type { SecurityQuestionOption } from '~/lib/account.server';

/**
 * Account Settings: for a username account not past the welcome email, the email
 * it will use and its security question, before the profile.
 */
export function AccountSettingsStep({ questions, lastResult }: { questions: SecurityQuestionOption[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'onboarding-account',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZOnboardingAccountRequest }),
  });
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Account Settings</h2>
      <p className="mt-2 text-sm text-slate-700">Your account signs in with a username. Give the email we should write to, and a security question for resetting your password.</p>
      <Form method="post" {...getFormProps(form)} className="mt-4">
        <input type="hidden" name="screen" value="account" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.email} label="Email" type="email" autoComplete="email" required className="sm:col-span-2" />
          <SelectField meta={fields.securityQuestionId} label="Security question" options={questions.map((q) => ({ id: Number(q.value), text: q.label }))} required />
          <TextField meta={fields.securityAnswer} label="Your answer" autoComplete="off" required />
        </div>
        <WizardActions busy={busy} />
      </Form>
    </div>
  );
}
