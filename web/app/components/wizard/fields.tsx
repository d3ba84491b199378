import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFetcher } from '@remix-run/react';
import type { OptionItemDto } from '@bp/api/contracts';
import { FieldError, inputClass, labelClass, secondaryButtonClass, useHydrated } from '~/components/ui';
import { cx } from '~/lib/cx';
import { startQuietly } from '~/lib/cancelled-load';
import { FORMATTERS, type InputFormat } from '~/lib/input-format';
import type { ZipLookupAnswer } from '~/routes/zip-lookup';

/**
 * Form fields of the profile and dependent forms. They take conform's field metadata structurally, so one
 * component serves every schema; the inputs stay uncontrolled (conform re-keys them when a value is set
 * programmatically), which is also what makes the forms work before JavaScript loads.
 */
export interface FieldLike {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
  key?: string;
}

/** Sets a field's value from code (conform's form.update). */
export type SetField = (name: string, value: string) => void;

function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function describedBy(meta: FieldLike, extra?: string): string | undefined {
  return [meta.errors?.length ? meta.errorId : null, extra].filter(Boolean).join(' ') || undefined;
}

export function TextField({
  meta,
  label,
  format,
  type = 'text',
  autoComplete,
  placeholder,
  hint,
  readOnly,
  required,
  onValue,
  className,
  children,
}: {
  meta: FieldLike;
  label: string;
  format?: InputFormat;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
  readOnly?: boolean;
  required?: boolean;
  /** Called with the formatted value on every keystroke. */
  onValue?: (value: string) => void;
  className?: string;
  /** Controls drawn next to the input (the SSN Edit/Decline toggle). */
  children?: ReactNode;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className="flex items-start gap-2">
        <input
          key={meta.key}
          id={meta.id}
          name={meta.name}
          type={type}
          defaultValue={textOf(meta.initialValue)}
          readOnly={readOnly}
          aria-required={required || undefined}
          aria-invalid={meta.errors?.length ? true : undefined}
          aria-describedby={describedBy(meta, hintId)}
          autoComplete={autoComplete ?? 'off'}
          placeholder={placeholder}
          inputMode={format && format !== 'ssn' ? 'numeric' : undefined}
          onInput={(event) => {
            const input = event.currentTarget;
            if (format) {
              const next = FORMATTERS[format](input.value);
              if (next !== input.value) input.value = next;
            }
            onValue?.(input.value);
          }}
          className={inputClass}
        />
        {children}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  required,
  optionValue = (o) => String(o.id),
  onValue,
  className,
}: {
  meta: FieldLike;
  label: string;
  options: readonly OptionItemDto[];
  required?: boolean;
  /** The state list submits its text (the two-letter code), every other list its id. */
  optionValue?: (option: OptionItemDto) => string;
  onValue?: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        key={meta.key}
        id={meta.id}
        name={meta.name}
        defaultValue={textOf(meta.initialValue)}
        aria-required={required || undefined}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={describedBy(meta)}
        onChange={(event) => onValue?.(event.currentTarget.value)}
        className={inputClass}
      >
        <option value="">Select…</option>
        {options.map((o) => (
          <option key={o.id} value={optionValue(o)}>
            {o.text}
          </option>
        ))}
      </select>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxField({ meta, label, onValue }: { meta: FieldLike; label: string; onValue?: (checked: boolean) => void }) {
  const initial = meta.initialValue;
  return (
    <div>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          key={meta.key}
          id={meta.id}
          name={meta.name}
          type="checkbox"
          defaultChecked={initial === 'on' || initial === '1' || initial === 'true'}
          aria-invalid={meta.errors?.length ? true : undefined}
          aria-describedby={describedBy(meta)}
          onChange={(event) => onValue?.(event.currentTarget.checked)}
          className="h-4 w-4 rounded border-slate-400 text-brand-700"
        />
        {label}
      </label>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * The SSN with its Edit toggle: read-only until Edit, Edit clears the value,
 * Decline puts the original (masked) value back. Without JavaScript nothing could toggle it, so it stays
 * editable; a masked value sent back unchanged keeps the stored SSN.
 */
export function SsnField({
  meta,
  label,
  original,
  set,
  required,
  hint,
}: {
  meta: FieldLike;
  label: string;
  original: string | null;
  set: SetField;
  required?: boolean;
  hint?: string;
}) {
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(!original);
  const locked = hydrated && !editing;
  return (
    <TextField meta={meta} label={label} format="ssn" readOnly={locked} required={required} hint={hint}>
      {hydrated && original ? (
        editing ? (
          <button
            type="button"
            onClick={() => {
              setEditing(false);
              set(meta.name, original);
            }}
            className={cx(secondaryButtonClass, 'mt-1.5 shrink-0')}
          >
            Decline
          </button>
        ) : (
          <button
            type="button"
            onClick={() => {
              setEditing(true);
              set(meta.name, '');
              // The input is re-mounted empty: put the caret there for the person who asked to type.
              requestAnimationFrame(() => document.getElementById(meta.id)?.focus());
            }}
            aria-label={`Edit ${label}`}
            className={cx(secondaryButtonClass, 'mt-1.5 shrink-0')}
          >
            Edit
          </button>
        )
      ) : null}
    </TextField>
  );
}

/** Looks up city and state for a full ZIP through the site's /zip-lookup resource route. */
export function useZipFill(onPlace: (place: { city: string; state: string }) => void): (zip: string) => void {
  const fetcher = useFetcher<ZipLookupAnswer>();
  const applied = useRef<ZipLookupAnswer | undefined>(undefined);
  const latest = useRef(onPlace);
  latest.current = onPlace;
  useEffect(() => {
    // Each answer fills the fields once, so a later edit of city or state is not overwritten on re-render.
    if (fetcher.state !== 'idle' || !fetcher.data || applied.current === fetcher.data) return;
    applied.current = fetcher.data;
    if (fetcher.data.found) latest.current(fetcher.data.place);
  }, [fetcher.state, fetcher.data]);
  return (zip: string) => {
    if (!/^\d{5}$/.test(zip)) return;
    // Cancelled by a navigation already under way (remix-run/react-router#14203): no lookup is wanted.
    startQuietly(() => fetcher.load(`/zip-lookup?zip=${zip}`));
  };
}

export interface AddressFieldSet {
  address1: FieldLike;
  address2: FieldLike;
  zip: FieldLike;
  city: FieldLike;
  state: FieldLike;
}

/** 'Home address', 'Apt Number/Unit/Etc.', 'Zip code', city and state; a full ZIP fills city and state. */
export function AddressFields({
  fields,
  states,
  set,
  required = true,
}: {
  fields: AddressFieldSet;
  states: readonly OptionItemDto[];
  set: SetField;
  required?: boolean;
}) {
  const lookUp = useZipFill((place) => {
    set(fields.city.name, place.city);
    set(fields.state.name, place.state);
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField meta={fields.address1} label="Home address" autoComplete="street-address" required={required} className="sm:col-span-2" />
      <TextField meta={fields.address2} label="Apt Number/Unit/Etc." autoComplete="address-line2" />
      <TextField meta={fields.zip} label="Zip code" format="zip" autoComplete="postal-code" required={required} onValue={lookUp} />
      <TextField meta={fields.city} label="City" autoComplete="address-level2" required={required} />
      <SelectField meta={fields.state} label="State" options={states} optionValue={(o) => o.text} required={required} />
    </div>
  );
}
