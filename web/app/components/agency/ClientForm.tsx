import { useMemo, useState } from 'react';
import { Form, Link, useNavigation } from '@remix-run/react';
import { getFormProps, getInputProps, getSelectProps, useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  bandContrast,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  MONTHS,
  OPTION_LISTS,
  PAY_PERIOD_LABELS,
  PAY_PERIODS,
  timeZoneChoices,
  ZClientSettings,
  type ClientDetail,
  type ClientSettings,
} from '@bp/api/contracts';
import { Alert, FieldError, InputField, inputClass, labelClass, primaryButtonClass, secondaryButtonClass } from '~/components/ui';

/** The form's starting values: a client's stored settings, or a new client's sensible defaults. */
export function clientFormDefaults(client: ClientDetail | null): DefaultValue<ClientSettings> {
  return {
    name: client?.name ?? '',
    website: client?.website ?? '',
    headerColor: client?.headerColor ?? '#1F3A5F',
    footerColor: client?.footerColor ?? '#E8EEF5',
    timeZone: client?.timeZone ?? 'America/New_York',
    payPeriods: client?.payPeriods ?? 26,
    planYearStartMonth: client?.planYearStartMonth ?? 1,
    enableOnboarding: client?.enableOnboarding ?? false,
    i9Enabled: client?.i9Enabled ?? false,
    w4Enabled: client?.w4Enabled ?? false,
    payrollEnabled: client?.payrollEnabled ?? false,
    eeoEnabled: client?.eeoEnabled ?? false,
    enableMidyearChanges: client?.enableMidyearChanges ?? true,
    requireSsn: client?.requireSsn ?? true,
    authenticationMethod: client?.authenticationMethod ?? 'email',
    contacts: (client?.contacts ?? []).map((c) => ({ contactType: c.contactType, firstName: c.firstName, lastName: c.lastName, phone: c.phone ?? '', email: c.email })),
    accessGroupIds: client?.accessGroupIds ?? OPTION_LISTS.accessGroup.map((o) => o.id),
    officeIds: client?.officeIds ?? [1],
  };
}

const ONBOARDING_STEPS = [
  ['i9Enabled', 'Employment eligibility (I-9)'],
  ['w4Enabled', 'Tax withholding (W-4)'],
  ['payrollEnabled', 'Payroll (direct deposit)'],
  ['eeoEnabled', 'EEO'],
] as const;

const sectionClass = 'rounded-xl border border-slate-200 bg-white px-5 py-6 shadow-sm sm:px-6';
const checkboxClass = 'h-4 w-4 rounded border-slate-400 text-brand-700';

/** A band colour with the text the luminance rule puts on it, as the header and footer will show it. */
function ColorField({ name, id, errorId, label, defaultValue, errors, preview }: { name: string; id: string; errorId: string; label: string; defaultValue: string; errors: string[] | undefined; preview: string }) {
  const [value, setValue] = useState(defaultValue);
  const band = bandContrast(value);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1.5 flex flex-wrap items-center gap-3">
        <input
          id={id}
          name={name}
          defaultValue={defaultValue}
          onInput={(event) => setValue(event.currentTarget.value)}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${errorId} ${id}-hint` : `${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          className={`${inputClass} mt-0 w-36 font-mono`}
        />
        {/* The band as the header or footer will draw it; text on it only where the rule's text reads. */}
        <span
          aria-hidden="true"
          className="inline-flex h-10 min-w-16 items-center justify-center rounded-md border border-slate-300 px-3 text-sm font-semibold"
          style={band ? { backgroundColor: value.startsWith('#') ? value : `#${value}`, color: band.text } : undefined}
        >
          {band?.readable ? preview : null}
        </span>
        <span id={`${id}-hint`} className="text-sm text-slate-700">
          {band ? `${band.text === '#FFFFFF' ? 'White' : 'Black'} text, contrast ${band.ratio.toFixed(2)}:1${band.readable ? '' : ' (too low)'}` : 'Six hex digits, like #1F3A5F'}
        </span>
      </div>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/**
 * The client's settings: the same schema as the API (ZClientSettings), so every message is the
 * API's; it posts to the page's action and works before JavaScript loads (contacts are added and removed by
 * conform's intent buttons, which submit).
 */
export function ClientForm({ client, lastResult, submitLabel, cancelTo }: { client: ClientDetail | null; lastResult: SubmissionResult<string[]> | undefined; submitLabel: string; cancelTo: string }) {
  const submitting = useNavigation().state === 'submitting';
  // One object for the form's life: a new one on every render would read as new defaults and reset the fields.
  const defaultValue = useMemo(() => clientFormDefaults(client), [client]);
  const [form, fields] = useForm<ClientSettings>({
    id: client ? `client-${client.id}` : 'client-new',
    lastResult,
    defaultValue,
    constraint: getZodConstraint(ZClientSettings),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ZClientSettings }),
  });
  const contacts = fields.contacts.getFieldList();
  const chosen = (list: unknown) => new Set(Array.isArray(list) ? list.map(String) : typeof list === 'string' ? [list] : []);
  const groups = chosen(fields.accessGroupIds.initialValue);
  const offices = chosen(fields.officeIds.initialValue);
  const formError = form.errors?.[0] ?? null;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {formError ? (
        <Alert tone="error" id={form.errorId}>
          {formError}
        </Alert>
      ) : null}

      <section aria-labelledby="client-general" className={sectionClass}>
        <h2 id="client-general" className="text-lg font-semibold text-slate-900">
          Company
        </h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <InputField meta={fields.name} label="Client name" type="text" autoComplete="organization" />
          <InputField meta={fields.website} label="Website" type="text" autoComplete="url" />
          <ColorField name={fields.headerColor.name} id={fields.headerColor.id} errorId={fields.headerColor.errorId} errors={fields.headerColor.errors} label="Header colour" defaultValue={String(fields.headerColor.initialValue ?? '')} preview="Header" />
          <ColorField name={fields.footerColor.name} id={fields.footerColor.id} errorId={fields.footerColor.errorId} errors={fields.footerColor.errors} label="Footer colour" defaultValue={String(fields.footerColor.initialValue ?? '')} preview="Footer" />
          <div>
            <label htmlFor={fields.timeZone.id} className={labelClass}>
              Time zone
            </label>
            <select {...getSelectProps(fields.timeZone)} className={inputClass}>
              {timeZoneChoices().map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
            <FieldError id={fields.timeZone.errorId} errors={fields.timeZone.errors} />
          </div>
          <div>
            <label htmlFor={fields.authenticationMethod.id} className={labelClass}>
              Employees sign in with
            </label>
            <select {...getSelectProps(fields.authenticationMethod)} className={inputClass}>
              <option value="email">Their email address</option>
              <option value="username">A username</option>
            </select>
            <FieldError id={fields.authenticationMethod.errorId} errors={fields.authenticationMethod.errors} />
          </div>
        </div>
      </section>

      <section aria-labelledby="client-payroll" className={sectionClass}>
        <h2 id="client-payroll" className="text-lg font-semibold text-slate-900">
          Payroll and plan year
        </h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.payPeriods.id} className={labelClass}>
              Pay periods per year
            </label>
            <select {...getSelectProps(fields.payPeriods)} className={inputClass}>
              {PAY_PERIODS.map((n) => (
                <option key={n} value={n}>
                  {PAY_PERIOD_LABELS[n]}
                </option>
              ))}
            </select>
            <FieldError id={fields.payPeriods.errorId} errors={fields.payPeriods.errors} />
          </div>
          <div>
            <label htmlFor={fields.planYearStartMonth.id} className={labelClass}>
              Plan year starts in
            </label>
            <select {...getSelectProps(fields.planYearStartMonth)} className={inputClass}>
              {MONTHS.map((month, index) => (
                <option key={month} value={index + 1}>
                  {month}
                </option>
              ))}
            </select>
            <FieldError id={fields.planYearStartMonth.errorId} errors={fields.planYearStartMonth.errors} />
          </div>
        </div>
      </section>

      <section aria-labelledby="client-features" className={sectionClass}>
        <h2 id="client-features" className="text-lg font-semibold text-slate-900">
          Employee features
        </h2>
        <div className="mt-4 space-y-3">
          {(
            [
              [fields.enableMidyearChanges, 'Mid-year changes (life events)'],
              [fields.requireSsn, 'SSN required for employees and dependents'],
              [fields.enableOnboarding, 'Onboarding for new hires'],
            ] as const
          ).map(([meta, label]) => (
            <label key={meta.name} className="flex items-center gap-3 text-sm font-medium text-slate-800">
              {/* A tick is a choice, never required (the schema reads an absent box as off). */}
              <input {...getInputProps(meta, { type: 'checkbox' })} required={false} className={checkboxClass} />
              {label}
            </label>
          ))}
          <fieldset className="ml-7">
            <legend className="text-sm text-slate-700">Optional onboarding steps</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {ONBOARDING_STEPS.map(([key, label]) => (
                <label key={key} className="flex items-center gap-3 text-sm text-slate-800">
                  <input {...getInputProps(fields[key], { type: 'checkbox' })} required={false} className={checkboxClass} />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </section>

      <section aria-labelledby="client-groups" className={sectionClass}>
        <h2 id="client-groups" className="text-lg font-semibold text-slate-900">
          Access groups and offices
        </h2>
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          <fieldset aria-describedby={fields.accessGroupIds.errors?.length ? fields.accessGroupIds.errorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">Access groups</legend>
            <div className="mt-2 space-y-2">
              {OPTION_LISTS.accessGroup.map((o) => (
                <label key={o.id} className="flex items-center gap-3 text-sm text-slate-800">
                  <input type="checkbox" name={fields.accessGroupIds.name} value={o.id} defaultChecked={groups.has(String(o.id))} className={checkboxClass} />
                  {o.text}
                </label>
              ))}
            </div>
            <FieldError id={fields.accessGroupIds.errorId} errors={fields.accessGroupIds.errors} />
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Offices</legend>
            <div className="mt-2 space-y-2">
              {OPTION_LISTS.office.map((o) => (
                <label key={o.id} className="flex items-center gap-3 text-sm text-slate-800">
                  <input type="checkbox" name={fields.officeIds.name} value={o.id} defaultChecked={offices.has(String(o.id))} className={checkboxClass} />
                  {o.text}
                </label>
              ))}
            </div>
            <FieldError id={fields.officeIds.errorId} errors={fields.officeIds.errors} />
          </fieldset>
        </div>
      </section>

      <section aria-labelledby="client-contacts" className={sectionClass}>
        <h2 id="client-contacts" className="text-lg font-semibold text-slate-900">
          Contacts
        </h2>
        <p className="mt-1 text-sm text-slate-700">Employees reach these people from the Contact page.</p>
        {contacts.length === 0 ? <p className="mt-3 text-sm text-slate-700">No contacts yet.</p> : null}
        <ul className="mt-3 space-y-4">
          {contacts.map((contact, index) => {
            const c = contact.getFieldset();
            return (
              <li key={contact.key}>
                <fieldset className="rounded-lg border border-slate-200 p-4">
                  <legend className="px-1 text-sm font-semibold text-slate-900">Contact {index + 1}</legend>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <div>
                      <label htmlFor={c.contactType.id} className={labelClass}>
                        Kind
                      </label>
                      <select {...getSelectProps(c.contactType)} className={inputClass}>
                        {CONTACT_TYPES.map((t) => (
                          <option key={t} value={t}>
                            {CONTACT_TYPE_LABELS[t]}
                          </option>
                        ))}
                      </select>
                      <FieldError id={c.contactType.errorId} errors={c.contactType.errors} />
                    </div>
                    <InputField meta={c.email} label="Email" type="email" autoComplete="off" />
                    <InputField meta={c.firstName} label="First name" type="text" autoComplete="off" />
                    <InputField meta={c.lastName} label="Last name" type="text" autoComplete="off" />
                    <InputField meta={c.phone} label="Phone (###-###-####)" type="text" autoComplete="off" />
                  </div>
                  <button {...form.remove.getButtonProps({ name: fields.contacts.name, index })} className={`${secondaryButtonClass} mt-4`}>
                    Remove contact {index + 1}
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ul>
        <button {...form.insert.getButtonProps({ name: fields.contacts.name, defaultValue: { contactType: 'hr' } })} className={`${secondaryButtonClass} mt-4`}>
          Add contact
        </button>
        <FieldError id={fields.contacts.errorId} errors={fields.contacts.errors} />
      </section>

      <div className="flex flex-wrap justify-end gap-3">
        <Link to={cancelTo} className={secondaryButtonClass}>
          Cancel
        </Link>
        <button type="submit" disabled={submitting} className={primaryButtonClass}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
