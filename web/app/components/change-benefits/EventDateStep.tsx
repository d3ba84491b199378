import { Form } from '@remix-run/react';
import { LIFE_EVENT_REASONS, LIFE_EVENT_TYPES, LIFE_EVENT_WINDOW_DAYS, LifeEventType, needsReason, type MidyearChangesData, type MidyearStep } from '@bp/api/contracts';
import { inputClass, labelClass } from '~/components/ui';
import { StepButtons } from './StepParts';

/** Step 2: the event's date, and its reason for the events that ask one (the server checks the window). */
export function EventDateStep({
  eventType,
  midyear,
  next,
  previous,
  busy,
  error,
  field,
}: {
  eventType: LifeEventType;
  midyear: Pick<MidyearChangesData, 'effectiveDate' | 'reasonId'>;
  next: MidyearStep | null;
  previous: MidyearStep | null;
  busy: boolean;
  error: string | null;
  field: string | undefined;
}) {
  return (
    <Form method="post" className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{`${LIFE_EVENT_TYPES[eventType]}: when did it happen?`}</h2>
      <p className="text-sm text-slate-700">{`Report it within ${LIFE_EVENT_WINDOW_DAYS} days of the event. ${eventType === LifeEventType.BirthOrAdoption ? 'Coverage for a birth or adoption starts on that day.' : 'Changes start on the first day of the next month.'}`}</p>
      <div>
        <label htmlFor="effectiveDate" className={labelClass}>
          Event date (MM/DD/YYYY)
        </label>
        <input id="effectiveDate" name="effectiveDate" required placeholder="MM/DD/YYYY" inputMode="numeric" defaultValue={midyear.effectiveDate ?? ''} className={inputClass} aria-invalid={field === 'effectiveDate' || undefined} aria-describedby={error ? 'step-error' : undefined} />
      </div>
      {needsReason(eventType) ? (
        <div>
          <label htmlFor="reasonId" className={labelClass}>
            Reason
          </label>
          <select id="reasonId" name="reasonId" required defaultValue={midyear.reasonId ?? ''} className={inputClass}>
            <option value="">Select</option>
            {Object.entries(LIFE_EVENT_REASONS).map(([id, text]) => (
              <option key={id} value={id}>
                {text}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <input type="hidden" name="step" value={next ?? ''} />
      <StepButtons previous={previous} busy={busy} />
    </Form>
  );
}
