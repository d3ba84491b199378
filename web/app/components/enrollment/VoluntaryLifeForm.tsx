import { useEffect, useState, type ReactNode } from 'react';
import { ContributionMessages, eoiRequired, maximumOption, parseMoney, RelationshipTypeIds, type Dependent, type PlanLimits } from '@bp/api/contracts';
import { FieldError, inputClass, labelClass } from '~/components/ui';
import { amountOptionLabel, usd } from '~/lib/enrollment-rules';

type VolLifeLimits = Extract<PlanLimits, { kind: 'voluntaryLife' }>;

/** Voluntary life: amounts per member, the spouse and child maxima and the EOI note. */
export function VoluntaryLifeForm({
  limits,
  dependents,
  current,
  eoi,
  error,
  onChange,
}: {
  limits: VolLifeLimits;
  dependents: Dependent[];
  current: { employee: string | null; spouse: string | null; children: string | null };
  eoi: string[];
  error: string | null;
  onChange: (query: string) => void;
}) {
  const hasSpouse = dependents.some((d) => d.relationshipTypeId === RelationshipTypeIds.Spouse || d.relationshipTypeId === RelationshipTypeIds.DomesticPartner);
  const hasChild = dependents.some((d) => d.relationshipTypeId === RelationshipTypeIds.Child);
  const [employee, setEmployee] = useState(current.employee ?? '');
  const [spouse, setSpouse] = useState(current.spouse ?? '');
  const [children, setChildren] = useState(current.children ?? '');
  const employeeCents = parseMoney(employee) ?? 0;
  const toOptions = (list: VolLifeLimits['spouseAmounts']) => list.map((o) => ({ originalCents: parseMoney(o.original) ?? 0, reducedCents: parseMoney(o.reduced) ?? 0 }));
  const spouseMax = limits.spouseAmountPercent !== null ? maximumOption(toOptions(limits.spouseAmounts), employeeCents, limits.spouseAmountPercent) : null;
  const childMax = limits.childAmountPercent !== null ? maximumOption(toOptions(limits.childrenAmounts), employeeCents, limits.childAmountPercent) : null;
  // The note follows the amounts as they are chosen, by the same rule as the server's quote (`eoi`).
  const gi = (amount: string | null) => (amount === null ? null : { giCents: parseMoney(amount) ?? 0 });
  const chosen = { employeeCents: parseMoney(employee), spouseCents: hasSpouse ? parseMoney(spouse) : null, childrenCents: hasChild ? parseMoney(children) : null };
  const needsEoi = eoi.length > 0 || eoiRequired({ employee: { giCents: parseMoney(limits.employeeGiAmount) ?? 0 }, spouse: gi(limits.spouseGiAmount), child: gi(limits.childGiAmount) }, chosen).length > 0;

  useEffect(() => {
    onChange(`employee=${employee}&spouse=${hasSpouse ? spouse : ''}&child=${hasChild ? children : ''}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported when the amounts change, not on every render
  }, [employee, spouse, children, hasSpouse, hasChild]);

  const select = (
    id: string,
    name: string,
    label: string,
    value: string,
    set: (v: string) => void,
    options: VolLifeLimits['employeeAmounts'],
    currentAmount: string | null,
    max: { originalCents: number } | null,
    capped: boolean,
    fieldError: string | null,
  ): ReactNode => {
    const currentCents = parseMoney(currentAmount);
    const noteId = `${id}-note`;
    return (
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <select
          id={id}
          name={name}
          value={value}
          onChange={(event) => set(event.currentTarget.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={capped || fieldError ? noteId : undefined}
          className={inputClass}
        >
          <option value="">{name === 'coverage.employee' ? 'Choose an amount' : 'No coverage'}</option>
          {options.map((o) => {
            const cents = parseMoney(o.original) ?? 0;
            const tooHigh = capped && (max === null || cents > max.originalCents);
            return (
              <option key={o.original} value={o.original} disabled={tooHigh}>
                {amountOptionLabel(cents, currentCents)}
                {o.reduced !== o.original ? ` (reduced to ${usd(o.reduced)})` : ''}
              </option>
            );
          })}
        </select>
        {fieldError ? <FieldError id={noteId} errors={[fieldError]} /> : null}
        {capped && !fieldError ? (
          <p id={noteId} className="mt-1 text-sm text-slate-700">
            {ContributionMessages.maximumAmount(max?.originalCents ?? 0)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <fieldset>
      <input type="hidden" name="volLifeShown" value="1" />
      <legend className="text-sm font-semibold text-slate-900">Coverage amounts</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-3">
        {select('vl-employee', 'coverage.employee', 'Employee', employee, setEmployee, limits.employeeAmounts, current.employee, null, false, error)}
        {hasSpouse ? select('vl-spouse', 'coverage.spouse', 'Spouse', spouse, setSpouse, limits.spouseAmounts, current.spouse, spouseMax, true, null) : null}
        {hasChild ? select('vl-children', 'coverage.children', 'Children', children, setChildren, limits.childrenAmounts, current.children, childMax, true, null) : null}
      </div>
      {needsEoi ? (
        <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {ContributionMessages.eoiRequired}
        </p>
      ) : null}
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Decline
