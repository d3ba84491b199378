import { Form } from '@remix-run/react';
import { LIFE_EVENT_TYPES, type LifeEventType } from '@bp/api/contracts';
import { primaryButtonClass } from '~/components/ui';

/** Step 1: what happened (Marriage is not offered to someone married already: contracts' eventTypesFor). */
export function EventStep({ eventTypes, chosen, busy }: { eventTypes: readonly LifeEventType[]; chosen: number | null; busy: boolean }) {
  return (
    <Form method="post">
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">What happened?</legend>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {eventTypes.map((t) => (
            <label key={t} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
              <input type="radio" name="eventType" value={t} required defaultChecked={chosen === t} className="h-4 w-4" />
              {LIFE_EVENT_TYPES[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <input type="hidden" name="step" value="1" />
      <div className="mt-5 flex justify-end">
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          Next
        </button>
      </div>
    </Form>
  );
}
