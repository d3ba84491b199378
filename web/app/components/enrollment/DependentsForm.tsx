import { useEffect, useState } from 'react';
import { EnrollmentMessages, fullName, tierForDependents, tierLabel, type Dependent, type Plan } from '@bp/api/contracts';
import { Modal, primaryButtonClass, secondaryButtonClass, useHydrated } from '~/components/ui';
import { cx } from '~/lib/cx';
import { dependentEligibility } from '~/lib/enrollment-rules';
import type { EnrollDialogData } from '~/lib/enrollment.server';

const nameOf = (d: Dependent) => fullName(d) || 'Unnamed dependent';

/** Dependents and tier: ineligible dependents disabled with their reason. */
export function DependentsForm({ plan, data, onChange }: { plan: Plan; data: EnrollDialogData; onChange: (query: string, estimate: string | null) => void }) {
  const hydrated = useHydrated();
  const checks = data.dependents.map((d) => ({ dependent: d, result: dependentEligibility(plan, d, data.employeeGender, data.today) }));
  const eligibleIds = checks.filter((c) => c.result.eligible).map((c) => c.dependent.id);
  const [chosen, setChosen] = useState<number[]>(data.enrollment.dependents.filter((id) => eligibleIds.includes(id)));
  const [confirming, setConfirming] = useState<Dependent | null>(null);
  const picked = data.dependents.filter((d) => chosen.includes(d.id));
  const tier = tierForDependents(plan.tierStructure, picked.map((d) => ({ relationshipTypeId: d.relationshipTypeId ?? 0 })));
  const price = plan.tiers.find((t) => t.tier === tier);
  const key = chosen.join(',');

  useEffect(() => {
    onChange(`dependents=${key}${tier ? `&tier=${tier}` : ''}`, price?.contributionAmount ?? null);
    // onChange is a fresh closure each render; the query only changes with the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tier, price?.contributionAmount]);

  const toggle = (d: Dependent, on: boolean, overage: boolean) => {
    if (on && overage && hydrated) setConfirming(d);
    setChosen((list) => (on ? [...list, d.id] : list.filter((id) => id !== d.id)));
  };
  const leftOut = eligibleIds.some((id) => !chosen.includes(id));

  return (
    <fieldset>
      <input type="hidden" name="dependentsShown" value="1" />
      {tier ? <input type="hidden" name="tier" value={tier} /> : null}
      <legend className="text-sm font-semibold text-slate-900">Dependents to cover</legend>
      {data.dependents.length === 0 ? <p className="mt-1 text-sm text-slate-700">You have no dependents</p> : null}
      <ul className="mt-2 space-y-2">
        {checks.map(({ dependent: d, result }) => {
          const noteId = `dep-${d.id}-note`;
          const note = result.message ?? (result.overageConditions ? EnrollmentMessages.overageConditions : null);
          return (
            <li key={d.id}>
              <label className={cx('inline-flex items-center gap-2 text-sm', result.eligible ? 'text-slate-900' : 'text-slate-600')}>
                <input
                  type="checkbox"
                  name="dependents"
                  value={d.id}
                  checked={chosen.includes(d.id)}
                  disabled={!result.eligible}
                  aria-describedby={note ? noteId : undefined}
                  onChange={(event) => toggle(d, event.currentTarget.checked, result.overageConditions)}
                  className="h-4 w-4 rounded border-slate-400"
                />
                <span className="font-medium">{nameOf(d)}</span>
                <span className="text-slate-700">{d.relationshipType ?? ''}</span>
              </label>
              {note ? (
                <p id={noteId} className={cx('ml-6 text-sm', result.eligible ? 'text-amber-900' : 'text-red-700')}>
                  {note}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {tier ? (
        <p className="mt-3 text-sm text-slate-800">
          Coverage level: <span className="font-semibold">{tierLabel(plan.tierStructure, tier) ?? plan.tierOptions.find((o) => o.value === tier)?.label}</span>
        </p>
      ) : null}
      {leftOut ? <p className="mt-2 text-sm text-slate-700">{EnrollmentMessages.declineDependentsWarning}</p> : null}
      {confirming ? (
        <Modal open title="Coverage for children 26 and over" description={EnrollmentMessages.overageConditions} onOpenChange={() => undefined} dismissable={false}>
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setChosen((list) => list.filter((id) => id !== confirming.id));
                setConfirming(null);
              }}
            >
              Do not enroll
            </button>
            <button type="button" className={primaryButtonClass} onClick={() => setConfirming(null)}>
              {`${confirming.firstName ?? 'My child'} meets these conditions`}
            </button>
          </div>
        </Modal>
      ) : null}
    </fieldset>
  );
}
