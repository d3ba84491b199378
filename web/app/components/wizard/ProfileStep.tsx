import { Form, useNavigation } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ZEmployeeProfileForm, type CurrentUser, type EmployeeProfile } from '@bp/api/contracts';
import type { FormOptions } from '~/lib/employee-data.server';
import { WIZARD_STEPS, PROFILE_INDEX } from '~/lib/registration-steps';
import { AddressFields, SelectField, SsnField, TextField } from './fields';
import { WhyWeCollect } from './WhyWeCollect';
import { WizardActions } from './WizardActions';

export interface ProfileStepData {
  employee: EmployeeProfile;
  options: FormOptions;
}

const text = (v: string | number | null | undefined): string | undefined => (v === null || v === undefined ? undefined : String(v));

/** The form's starting values: what GET /employee answered, ids as strings, marital status defaulting to 1. */
function defaultsOf(e: EmployeeProfile) {
  return {
    firstName: text(e.firstName),
    middleName: text(e.middleName),
    lastName: text(e.lastName),
    maidenName: text(e.maidenName),
    birthDate: text(e.birthDate),
    gender: text(e.gender),
    smoker: text(e.smoker),
    maritalStatusId: text(e.maritalStatusId ?? 1),
    ssn: text(e.ssn),
    address1: text(e.address1),
    address2: text(e.address2),
    zip: text(e.zip),
    city: text(e.city),
    state: text(e.state),
    officePhone: text(e.officePhone),
    homePhone: text(e.homePhone),
    cellPhone: text(e.cellPhone),
  };
}

/**
 * Registration step 2, Employee Profile. The shared schema validates on
 * blur (errors only after a field is touched) and, on Next, every field including the birth date; the
 * route's action parses the same schema before PUT /employee.
 */
export function ProfileStep({ data, user, lastResult }: { data: ProfileStepData; user: CurrentUser; lastResult: SubmissionResult<string[]> | undefined }) {
  const { employee, options } = data;
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'employee-profile',
    lastResult,
    defaultValue: defaultsOf(employee),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZEmployeeProfileForm }),
  });
  const set = (name: string, value: string) => form.update({ name, value });

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{WIZARD_STEPS[PROFILE_INDEX]}</h2>
      <div className="mt-4">
        <WhyWeCollect notice={user.privacyNotice} />
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-6">
        <input type="hidden" name="screen" value="profile" />
        {/* Carried through untouched. */}
        {(['officePhoneIndex', 'homePhoneIndex', 'cellPhoneIndex'] as const).map((name) =>
          employee[name] === null ? null : <input key={name} type="hidden" name={name} value={employee[name] ?? ''} />,
        )}
        <fieldset className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
          <legend className="mb-3 text-base font-semibold text-slate-900">Personal information</legend>
          <TextField meta={fields.firstName} label="First name" autoComplete="given-name" required />
          <TextField meta={fields.middleName} label="Middle name" autoComplete="additional-name" />
          <TextField meta={fields.lastName} label="Last name" autoComplete="family-name" required />
          <TextField meta={fields.maidenName} label="Other names used" />
          <TextField meta={fields.birthDate} label="Date of birth" format="date" placeholder="MM/DD/YYYY" hint="MM/DD/YYYY" autoComplete="bday" required />
          <SelectField meta={fields.gender} label="Gender" options={options.gender} required />
          <SelectField meta={fields.smoker} label="Smoker" options={options.smoker} required />
          <SelectField meta={fields.maritalStatusId} label="Marital status" options={options.maritalStatus} required />
          <SsnField meta={fields.ssn} label="Social Security Number" original={employee.ssn} set={set} required />
        </fieldset>
        <fieldset className="mt-8">
          <legend className="mb-3 text-base font-semibold text-slate-900">Address</legend>
          <AddressFields fields={fields} states={options.state} set={set} />
        </fieldset>
        <fieldset className="mt-8 grid gap-4 sm:grid-cols-2 md:grid-cols-3">
          <legend className="mb-3 text-base font-semibold text-slate-900">Phone numbers</legend>
          <TextField meta={fields.officePhone} label="Office phone" type="tel" format="phone" placeholder="###-###-####" autoComplete="tel-extension" />
          <TextField meta={fields.homePhone} label="Home phone" type="tel" format="phone" placeholder="###-###-####" autoComplete="tel" />
          <TextField meta={fields.cellPhone} label="Cell phone" type="tel" format="phone" placeholder="###-###-####" autoComplete="tel" />
        </fieldset>
        {/* No Back: Account Setup cannot be revisited. */}
        <WizardActions busy={busy} />
      </Form>
    </div>
  );
}
