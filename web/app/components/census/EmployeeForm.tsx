import { Form, Link, useFetcher, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { getFormProps, useForm, type Submission, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  Messages,
  ONBOARDING_STEP_FLAG_LABELS,
  ONBOARDING_STEP_FLAGS,
  OPTION_LISTS,
  offeredOptions,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ZEmployeeUpdateForm,
  ZNewEmployeeForm,
  type CensusEmployee,
} from '@bp/api/contracts';
import { Alert, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { startQuietly } from '~/lib/cancelled-load';
import type { AddressCheckAnswer } from '~/routes/employee-address-check';
import type { loader as rootLoader } from '~/root';
import { AddressFields, CheckboxField, SelectField, SsnField, TextField } from '~/components/wizard/fields';

/** Every field of either form, as the form holds them (text), so one useForm serves both modes. */
type EmployeeFormShape = Partial<Record<keyof typeof ZNewEmployeeForm.shape | keyof typeof ZEmployeeUpdateForm.shape, string>>;

const text = (v: string | number | null | undefined): string | undefined => (v === null || v === undefined ? undefined : String(v));

/** The edit form's starting values: the census record, ids as strings; income is never shown (blank keeps it). */
function defaultsOf(e: CensusEmployee) {
  return {
    firstName: text(e.firstName),
    middleName: text(e.middleName),
    lastName: text(e.lastName),
    email: text(e.email),
    username: text(e.username),
    groupId: text(e.groupId),
    employmentId: text(e.employmentId),
    employmentType: text(e.employmentType),
    officeId: text(e.officeId),
    title: text(e.title),
    hireDate: text(e.hireDate),
    birthDate: text(e.birthDate),
    gender: text(e.gender),
    maritalStatusId: text(e.maritalStatusId),
    ssn: text(e.ssn),
    workHours: text(e.workHours === null ? null : Number(e.workHours)),
    address1: text(e.address1),
    address2: text(e.address2),
    zip: text(e.zip),
    city: text(e.city),
    state: text(e.state),
    officePhone: text(e.officePhone),
    homePhone: text(e.homePhone),
    cellPhone: text(e.cellPhone),
    enableOnboarding: e.enableOnboarding ? 'on' : undefined,
  };
}

/**
 * Add New Employee and Edit Employee. One form, the contracts' two schemas:
 * adding validates on blur, editing on submit, as the spec says; the route's action parses the same schema
 * before POST /employees or PUT /employees/{id}, and the API's own field messages come back onto the fields.
 */
export function EmployeeForm({
  mode,
  employee,
  lastResult,
  closeTo,
  workHoursRequired,
}: {
  mode: 'add' | 'edit';
  employee: CensusEmployee | null;
  lastResult: SubmissionResult<string[]> | undefined;
  closeTo: string;
  workHoursRequired: boolean;
}) {
  const busy = useNavigation().state === 'submitting';
  const schema = mode === 'add' ? ZNewEmployeeForm : ZEmployeeUpdateForm;
  const [form, fields] = useForm<EmployeeFormShape>({
    id: `employee-${mode}`,
    lastResult,
    defaultValue:
      mode === 'edit' && employee
        ? defaultsOf(employee)
        : { sendEmail: 'on', onboardingI9: 'on', onboardingW4: 'on', onboardingPayroll: 'on', onboardingEeo: 'on', maritalStatusId: '1' },
    shouldValidate: mode === 'add' ? 'onBlur' : 'onSubmit',
    shouldRevalidate: mode === 'add' ? 'onInput' : 'onSubmit',
    // The two schemas share their field names; the form holds them all as text.
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as unknown as Submission<EmployeeFormShape>,
  });
  const set = (name: string, value: string) => form.update({ name, value });
  // Only the access groups and offices the agent chose for the client (the API refuses others), and the record's
  // own value on an edit when it is no longer one of them.
  const choices = useRouteLoaderData<typeof rootLoader>('root')?.user?.censusChoices;
  const groups = choices ? offeredOptions(OPTION_LISTS.accessGroup, choices.accessGroupIds, employee?.groupId) : OPTION_LISTS.accessGroup;
  const offices = choices ? offeredOptions(OPTION_LISTS.office, choices.officeIds, employee?.officeId) : OPTION_LISTS.office;
  const byUsername = mode === 'edit' && employee?.authenticationMethod === 'username';
  // Adding validates on blur, the address's uniqueness too (GET /employees/validate); editing leaves it to Save.
  const check = useFetcher<AddressCheckAnswer>();
  const checkEmail = (value: string) => {
    if (mode !== 'add' || value.trim() === '') return;
    startQuietly(() => check.load(`/employee-address-check?username=${encodeURIComponent(value.trim())}`));
  };
  const emailTaken = mode === 'add' && check.data?.available === false;

  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-5">
      <input type="hidden" name="intent" value={mode} />
      {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Personal information</legend>
        <TextField meta={fields.firstName} label="First name" autoComplete="off" required />
        <TextField meta={fields.middleName} label="Middle name" autoComplete="off" />
        <TextField meta={fields.lastName} label="Last name" autoComplete="off" required />
        <div onBlur={(event) => checkEmail((event.target as HTMLInputElement).value ?? '')}>
          <TextField meta={fields.email} label="Email" type="email" autoComplete="off" required={!byUsername} />
          {emailTaken && !fields.email.errors?.length ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {Messages.emailInUse}
            </p>
          ) : null}
        </div>
        {byUsername ? <TextField meta={fields.username} label="Username" autoComplete="off" /> : null}
        <TextField meta={fields.birthDate} label="Date of birth" format="date" placeholder="MM/DD/YYYY" hint="MM/DD/YYYY" />
        <SelectField meta={fields.gender} label="Gender" options={OPTION_LISTS.gender} />
        <SelectField meta={fields.maritalStatusId} label="Marital status" options={OPTION_LISTS.maritalStatus} />
        <SsnField meta={fields.ssn} label="Social Security Number" original={mode === 'edit' ? (employee?.ssn ?? null) : null} set={set} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">Employment</legend>
        <SelectField meta={fields.groupId} label="Access group" options={groups} required={mode === 'add'} />
        <SelectField meta={fields.employmentId} label="Employment status" options={OPTION_LISTS.employmentStatus} required />
        <SelectField meta={fields.employmentType} label="Pay type" options={OPTION_LISTS.employmentType} />
        {/* A client without offices asks for none. */}
        {offices.length > 0 ? <SelectField meta={fields.officeId} label="Office" options={offices} /> : null}
        <TextField meta={fields.title} label="Title" autoComplete="off" />
        <TextField meta={fields.hireDate} label="Hire date" format="date" placeholder="MM/DD/YYYY" hint="MM/DD/YYYY" required />
        <TextField meta={fields.income} label="Annual income" placeholder="$0.00" hint={mode === 'edit' ? 'Leave blank to keep the current income.' : undefined} />
        <TextField meta={fields.workHours} label="Work hours per week" required={workHoursRequired} />
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-base font-semibold text-slate-900">Address and phones</legend>
        <AddressFields fields={fields} states={OPTION_LISTS.state} set={set} required={false} />
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <TextField meta={fields.cellPhone} label="Cell phone" type="tel" format="phone" placeholder="###-###-####" />
          <TextField meta={fields.homePhone} label="Home phone" type="tel" format="phone" placeholder="###-###-####" />
          <TextField meta={fields.officePhone} label="Office phone" type="tel" format="phone" placeholder="###-###-####" />
        </div>
      </fieldset>
      {mode === 'edit' && employee?.hasAccount ? (
        <fieldset>
          <legend className="mb-2 text-base font-semibold text-slate-900">Sign-in</legend>
          <TextField meta={fields.password} label={`New password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters)`} hint="The employee chooses their own at the next sign-in." />
        </fieldset>
      ) : null}
      {mode === 'add' ? (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-base font-semibold text-slate-900">Invitation and onboarding</legend>
          <CheckboxField meta={fields.sendEmail} label="Send the welcome email with the registration link" />
          <CheckboxField meta={fields.enableOnboarding} label="Enable onboarding" />
          <div className="grid gap-2 pl-6 sm:grid-cols-2">
            {ONBOARDING_STEP_FLAGS.map((flag) => (
              <CheckboxField key={flag} meta={fields[flag]} label={ONBOARDING_STEP_FLAG_LABELS[flag]} />
            ))}
          </div>
        </fieldset>
      ) : null}
      {mode === 'edit' ? (
        <fieldset>
          <legend className="mb-2 text-base font-semibold text-slate-900">Onboarding</legend>
          <CheckboxField meta={fields.enableOnboarding} label="Enable onboarding" />
          <p className="mt-1 text-sm text-slate-600">Onboarding starts at the employee&apos;s next sign-in if they have not finished registering.</p>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
          Cancel
        </Link>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {mode === 'add' ? 'Add employee' : 'Save'}
        </button>
      </div>
    </Form>
  );
}
