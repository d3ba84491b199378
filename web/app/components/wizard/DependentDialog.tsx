import { useState } from 'react';
import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { dependentSchema, lastNamesDiffer, NEWBORN_SSN_HINT, RelationshipType, type Dependent } from '@bp/api/contracts';
import { Modal, primaryButtonClass, secondaryButtonClass, useHydrated } from '~/components/ui';
import type { FormOptions } from '~/lib/employee-data.server';
import { AddressFields, CheckboxField, SelectField, SsnField, TextField } from './fields';

const text = (v: string | number | null | undefined): string | undefined => (v === null || v === undefined ? undefined : String(v));

function defaultsOf(d: Dependent | null) {
  if (!d) return { disabled: undefined, dependentDifferentAddress: undefined };
  return {
    relationshipTypeId: text(d.relationshipTypeId),
    firstName: text(d.firstName),
    middleName: text(d.middleName),
    lastName: text(d.lastName),
    birthDate: text(d.birthDate),
    gender: text(d.gender),
    smoker: text(d.smoker),
    disabled: d.disabled === 1 ? 'on' : undefined,
    ssn: text(d.ssn),
    email: text(d.email),
    // Only a different address is the dependent's own; otherwise it mirrors the employee's.
    address1: d.dependentDifferentAddress ? text(d.address1) : undefined,
    address2: d.dependentDifferentAddress ? text(d.address2) : undefined,
    city: d.dependentDifferentAddress ? text(d.city) : undefined,
    state: d.dependentDifferentAddress ? text(d.state) : undefined,
    zip: d.dependentDifferentAddress ? text(d.zip) : undefined,
    dependentDifferentAddress: d.dependentDifferentAddress ? 'on' : undefined,
    lastNameReasonId: text(d.lastNameReasonId),
  };
}

/**
 * The Add/Edit Dependent dialog. It is open while the address says so (?dependent=),
 * so it also works as a plain page form without JavaScript. The shared dependentSchema checks every rule of
 * a dependent here and again in the route's action; the context (the employee's last name, requireSsn) is
 * the same on both sides and never submitted.
 */
export function DependentDialog({
  dependent,
  employeeLastName,
  requireSsn,
  options,
  closeTo,
  lastResult,
  relationships,
  birth = false,
}: {
  /** The relations offered (a life event offers only those it is about); all of them by default. */
  relationships?: FormOptions['relationshipType'];
  /** A birth (life event 1): the relation is Child, and smoker and email are not asked. */
  birth?: boolean;
  /** null adds a new dependent. */
  dependent: Dependent | null;
  employeeLastName: string;
  requireSsn: boolean;
  options: FormOptions;
  closeTo: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const busy = useNavigation().state === 'submitting';
  const schema = dependentSchema({ employeeLastName, requireSsn });
  const [form, fields] = useForm({
    id: `dependent-${dependent?.id ?? 'new'}`,
    lastResult,
    defaultValue: { ...defaultsOf(dependent), ...(relationships?.length === 1 && !dependent ? { relationshipTypeId: String(relationships[0]!.id) } : {}) },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const set = (name: string, value: string) => form.update({ name, value });
  const [relation, setRelation] = useState(text(dependent?.relationshipTypeId) ?? (relationships?.length === 1 ? String(relationships[0]!.id) : ''));
  const [lastName, setLastName] = useState(dependent?.lastName ?? '');
  const [differentAddress, setDifferentAddress] = useState(dependent?.dependentDifferentAddress ?? false);
  const isChild = relation === String(RelationshipType.Child);
  // Before JavaScript every field shows: nothing could reveal the conditional ones later.
  const showChildFields = !hydrated || isChild;
  const showReason = !hydrated || (isChild && lastNamesDiffer(lastName, employeeLastName));

  return (
    <Modal open wide title={dependent ? 'Edit Dependent' : 'Add Dependent'} onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="screen" value="dependent" />
        {dependent ? <input type="hidden" name="id" value={dependent.id} /> : null}
        <SelectField meta={fields.relationshipTypeId} label="Relationship type" options={relationships ?? options.relationshipType} required onValue={setRelation} className="sm:col-span-2" />
        <TextField meta={fields.firstName} label="First name" required />
        <TextField meta={fields.middleName} label="Middle name" />
        <TextField meta={fields.lastName} label="Last name" required onValue={setLastName} />
        <TextField meta={fields.birthDate} label="Date of birth" format="date" placeholder="MM/DD/YYYY" hint="MM/DD/YYYY" required />
        <SelectField meta={fields.gender} label="Gender" options={options.gender} required />
        {birth ? null : <SelectField meta={fields.smoker} label="Smoker" options={options.smoker} required />}
        {showChildFields ? (
          <div className="sm:col-span-2">
            <CheckboxField meta={fields.disabled} label="Totally disabled" />
          </div>
        ) : null}
        {showReason ? (
          <SelectField meta={fields.lastNameReasonId} label="Reason for a different last name" options={options.lastNameReason} className="sm:col-span-2" />
        ) : null}
        {/* A newborn's SSN arrives weeks after the birth: it may be left empty for now. */}
        <SsnField meta={fields.ssn} label="Social Security Number" original={dependent?.ssn ?? null} set={set} required={requireSsn && !birth} hint={birth ? NEWBORN_SSN_HINT : undefined} />
        {birth ? null : <TextField meta={fields.email} label="Email" type="email" autoComplete="off" />}
        <div className="sm:col-span-2">
          <CheckboxField meta={fields.dependentDifferentAddress} label="Different home address" onValue={setDifferentAddress} />
        </div>
        {!hydrated || differentAddress ? (
          <div className="sm:col-span-2">
            <AddressFields fields={fields} states={options.state} set={set} required={hydrated} />
          </div>
        ) : null}
        <div className="mt-2 flex justify-end gap-3 sm:col-span-2">
          <Link to={closeTo} preventScrollReset className={secondaryButtonClass}>
            Cancel
          </Link>
          <button type="submit" disabled={busy} className={primaryButtonClass}>
            Save
          </button>
        </div>
      </Form>
    </Modal>
  );
}
