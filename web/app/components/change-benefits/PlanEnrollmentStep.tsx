import type { ComponentProps } from 'react';
import { Form } from '@remix-run/react';
import { ALLOWED_CHANGES, LifeEventType, type MidyearStep } from '@bp/api/contracts';
import { EnrollmentStep } from '~/components/enrollment/EnrollmentStep';
import { secondaryButtonClass } from '~/components/ui';
import { ProofUpload } from './StepParts';

/**
 * Step 6: the registration's plan dialogs, writing into the event's own draft of elections; the proof is asked
 * here when the event has no step 4.
 */
export function PlanEnrollmentStep({
  enrollment,
  eventType,
  proof,
  proofUploaded,
  stepPath,
  error,
  next,
  previous,
}: {
  enrollment: ComponentProps<typeof EnrollmentStep>['data'];
  eventType: LifeEventType | null;
  /** The document to upload here (null when step 4 asks it, or the event needs none). */
  proof: string | null;
  proofUploaded: boolean;
  stepPath: string;
  error: string | null;
  next: MidyearStep | null;
  previous: MidyearStep | null;
}) {
  return (
    <div className="space-y-4">
      {proof ? <ProofUpload proof={proof} uploaded={proofUploaded} /> : null}
      <EnrollmentStep
        data={enrollment}
        eoi={false}
        selectionError={null}
        dialogMessage={error}
        declineResult={undefined}
        stepPath={stepPath}
        title="Plan enrollment"
        backTo={null}
        nextScreen="move"
        nextFields={{ step: String(next ?? 7) }}
        requireAllDecided={false}
        // An event that allows no new enrollment does not offer the plan types waived or declined.
        hideNegative={eventType !== null && !ALLOWED_CHANGES[eventType].enroll}
        {...(eventType === LifeEventType.DeclineCoverage ? { openTab: 'decline' as const } : {})}
      />
      {previous ? (
        <Form method="post">
          <button type="submit" name="back" value={previous} className={secondaryButtonClass}>
            Back
          </button>
        </Form>
      ) : null}
    </div>
  );
}
