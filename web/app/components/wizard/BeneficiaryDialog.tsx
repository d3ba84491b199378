import { useState } from 'react';
import { Form, Link, useNavigate, useNavigation } from '@remix-run/react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  BENEFICIARY_TYPE_NAMES,
  BeneficiaryMessages,
  beneficiarySchema,
  clampShare,
  isBeneficiaryType,
  isEntityBeneficiary,
  maxShareFor,
  type Beneficiary,
  type Dependent,
} from '@bp/api/contracts';
import { FieldError, inputClass, labelClass, Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import type { BeneficiaryOptions } from '~/lib/beneficiaries.server';
import { SelectField, SsnField, TextField } from './fields';

const text = (v: string | number | null | undefined): string | undefined => (v === null || v === undefined ? undefined : String(v));

function defaultsOf(b: Beneficiary | null) {
  if (!b) return {};
  return {
    firstName: b.firstName,
    lastName: b.lastName,
    relationshipTypeId: text(b.relationshipTypeId),
    relationshipId: text(b.relationshipId),
    beneficiaryType: text(b.beneficiaryType),
    share: text(b.share),
    birthDate: text(b.birthDate),
    ssn: text(b.ssn),
    taxId: text(b.taxId),
  };
}

const nameOf = (d: Pick<Dependent, 'firstName' | 'lastName'>) => [d.firstName, d.lastName].filter(Boolean).join(' ') || 'Unnamed dependent';

/**
 * The Add/Edit Beneficiary dialog. Open while the address says so
 * (?beneficiary=), so it is a plain page form without JavaScript. The share is clamped as it is typed to
 * 1..what the other beneficiaries of its type left; the shared schema gives every message here and again
 * in the action and the API.
 */
export function BeneficiaryDialog({
  beneficiary,
  others,
  options,
  dependents,
  closeTo,
  lastResult,
  screen = 'beneficiary',
}: {
  /** null adds a new one. */
  beneficiary: Beneficiary | null;
  /** Every beneficiary of the employee (the edited one is left out of the share room by id). */
  others: readonly Beneficiary[];
  options: BeneficiaryOptions;
  dependents: readonly Dependent[];
  closeTo: string;
  lastResult: SubmissionResult<string[]> | undefined;
  screen?: string;
}) {
  const navigate = useNavigate();
  const busy = useNavigation().state === 'submitting';
  const editingId = beneficiary?.id ?? null;
  const schema = beneficiarySchema({ others, editingId });
  const [form, fields] = useForm({
    id: `beneficiary-${editingId ?? 'new'}`,
    lastResult,
    defaultValue: defaultsOf(beneficiary),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const set = (name: string, value: string) => form.update({ name, value });
  const [type, setType] = useState<number | null>(beneficiary?.beneficiaryType ?? null);
  // A trust, an estate or an organization has a name and maybe a tax id; no last name, birth date or SSN.
  const [entity, setEntity] = useState(isEntityBeneficiary(beneficiary?.relationshipTypeId));
  const max = type !== null && isBeneficiaryType(type) ? maxShareFor(others, type, editingId) : null;

  // Choosing a type may leave less room than the share typed before: clamp it to the new limit.
  const onType = (value: string) => {
    const next = Number(value);
    const chosen = isBeneficiaryType(next) ? next : null;
    setType(chosen);
    const input = document.getElementById(fields.share.id);
    if (chosen !== null && input instanceof HTMLInputElement && input.value !== '') {
      const clamped = clampShare(input.value, maxShareFor(others, chosen, editingId));
      // With nothing left the typed value stays, and 'You already spent it' says why.
      if (clamped !== undefined && clamped > 0 && String(clamped) !== input.value) set(fields.share.name, String(clamped));
    }
  };

  // Naming a dependent fills what the portal already knows about them.
  const onDependent = (value: string) => {
    const d = dependents.find((x) => String(x.id) === value);
    if (!d) return;
    if (d.firstName) set(fields.firstName.name, d.firstName);
    if (d.lastName) set(fields.lastName.name, d.lastName);
    if (d.birthDate) set(fields.birthDate.name, d.birthDate);
    const relation = options.relationshipTypes.find((o) => o.id === d.relationshipTypeId);
    if (relation) {
      set(fields.relationshipTypeId.name, String(relation.id));
      setEntity(false);
    }
  };

  const shareHintId = `${fields.share.id}-hint`;
  const shareErrors = fields.share.errors;
  return (
    <Modal open wide title={beneficiary ? 'Edit Beneficiary' : 'Add Beneficiary'} onOpenChange={(open) => (open ? undefined : navigate(closeTo, { preventScrollReset: true }))}>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="screen" value={screen} />
        {beneficiary ? <input type="hidden" name="id" value={beneficiary.id} /> : null}
        {dependents.length > 0 ? (
          <SelectField
            meta={fields.relationshipId}
            label="One of my dependents (optional)"
            options={dependents.map((d) => ({ id: d.id, text: nameOf(d) }))}
            onValue={onDependent}
            className="sm:col-span-2"
          />
        ) : null}
        <SelectField
          meta={fields.relationshipTypeId}
          label="Relationship"
          options={options.relationshipTypes}
          required
          onValue={(value) => setEntity(isEntityBeneficiary(value))}
          className="sm:col-span-2"
        />
        {entity ? (
          <>
            <TextField meta={fields.firstName} label={BeneficiaryMessages.entityName} autoComplete="organization" required className="sm:col-span-2" />
            <TextField meta={fields.taxId} label="Tax id (optional)" autoComplete="off" placeholder="12-3456789" hint="12-3456789" />
          </>
        ) : (
          <>
            <TextField meta={fields.firstName} label="First name" autoComplete="off" required />
            <TextField meta={fields.lastName} label="Last name" autoComplete="off" required />
            <TextField meta={fields.birthDate} label="Date of birth" format="date" placeholder="MM/DD/YYYY" hint="MM/DD/YYYY" required />
            <SsnField meta={fields.ssn} label="Social Security Number" original={beneficiary?.ssn ?? null} set={set} required />
          </>
        )}
        <SelectField meta={fields.beneficiaryType} label="Type of share" options={options.types} required onValue={onType} />
        <div>
          <label htmlFor={fields.share.id} className={labelClass}>
            Share (%)<span aria-hidden="true"> *</span>
          </label>
          <input
            key={fields.share.key}
            id={fields.share.id}
            name={fields.share.name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={text(fields.share.initialValue as string | undefined) ?? ''}
            aria-required
            aria-invalid={shareErrors?.length ? true : undefined}
            aria-describedby={[shareErrors?.length ? fields.share.errorId : null, max !== null ? shareHintId : null].filter(Boolean).join(' ') || undefined}
            onInput={(event) => {
              const input = event.currentTarget;
              const digits = input.value.replace(/\D/g, '').slice(0, 3);
              // Clamp to 1..what is left of the chosen type; without a type only digits.
              const clamped = max !== null && digits !== '' ? clampShare(digits, max) : undefined;
              const next = clamped !== undefined && clamped > 0 ? String(clamped) : digits;
              if (next !== input.value) input.value = next;
            }}
            className={inputClass}
          />
          {max !== null && type !== null && isBeneficiaryType(type) ? (
            <p id={shareHintId} className="mt-1 text-xs text-slate-600">
              {max}% of the {BENEFICIARY_TYPE_NAMES[type].toLowerCase()} share is left.
            </p>
          ) : null}
          <FieldError id={fields.share.errorId} errors={shareErrors} />
        </div>
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
