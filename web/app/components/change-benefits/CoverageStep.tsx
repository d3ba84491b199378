import { Form } from '@remix-run/react';
import { LIFE_EVENT_TYPES, type CoverageChoice, type LifeEventType, type MidyearStep } from '@bp/api/contracts';
import { ProofUpload, StepButtons } from './StepParts';

/** Step 4: the people the event adds to or removes from each plan (the server's choices), and the proof. */
export function CoverageStep({
  eventType,
  proof,
  proofUploaded,
  coverage,
  next,
  previous,
  busy,
}: {
  eventType: LifeEventType;
  proof: string | null;
  proofUploaded: boolean;
  coverage: readonly CoverageChoice[];
  next: MidyearStep | null;
  previous: MidyearStep | null;
  busy: boolean;
}) {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Affected coverage</h2>
      {proof ? <ProofUpload proof={proof} uploaded={proofUploaded} /> : null}
      <Form method="post" className="space-y-4">
        {coverage.length > 0 ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{`${LIFE_EVENT_TYPES[eventType]}: who is added to or removed from which plan`}</legend>
            <div className="mt-2 space-y-1">
              {coverage.map((c) => (
                <label key={c.key} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="coverage" value={c.key} defaultChecked className="h-4 w-4" />
                  {`${c.action === 'add' ? 'Add' : 'Remove'} ${c.name} ${c.action === 'add' ? 'to' : 'from'} ${c.planType}`}
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <p className="text-sm text-slate-700">No plan you are enrolled in changes for this event: choose plans in the next step.</p>
        )}
        <p className="text-sm text-slate-700">You review and can still adjust each plan in the next step.</p>
        <input type="hidden" name="step" value={next ?? ''} />
        <StepButtons previous={previous} busy={busy} />
      </Form>
    </div>
  );
}
