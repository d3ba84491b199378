import { Form, Link } from '@remix-run/react';
import { eventDependentRelation, type LifeEventType, type MidyearStep } from '@bp/api/contracts';
import { inputClass, labelClass } from '~/components/ui';
import { StepButtons } from './StepParts';

/** Step 3: the child or the spouse the event is about, or Add dependent (?add=1) when they are not listed yet. */
export function EventDependentStep({
  eventType,
  chosen,
  dependents,
  addTo,
  next,
  previous,
  busy,
}: {
  eventType: LifeEventType;
  chosen: number | null | undefined;
  dependents: ReadonlyArray<{ id: number; name: string; relation: string | null }>;
  addTo: string;
  next: MidyearStep | null;
  previous: MidyearStep | null;
  busy: boolean;
}) {
  const relation = eventDependentRelation(eventType);
  return (
    <Form method="post" className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{relation === 'child' ? 'Which child?' : 'Which spouse or domestic partner?'}</h2>
      <div>
        <label htmlFor="dependentId" className={labelClass}>
          Dependent
        </label>
        <select id="dependentId" name="dependentId" required defaultValue={chosen ?? ''} className={inputClass}>
          <option value="">Select</option>
          {dependents
            .filter((d) => d.relation === relation)
            .map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
        </select>
      </div>
      <p className="text-sm text-slate-700">
        {'Not in the list? '}
        <Link to={addTo} preventScrollReset className="font-medium text-brand-800 underline">
          {relation === 'child' ? 'Add the child' : 'Add your spouse or domestic partner'}
        </Link>
      </p>
      <input type="hidden" name="step" value={next ?? ''} />
      <StepButtons previous={previous} busy={busy} />
    </Form>
  );
}
