import { Form } from '@remix-run/react';
import { EnrollmentMessages, type LifeEventReview as Review, type MidyearStep } from '@bp/api/contracts';
import { LifeEventReview } from '~/components/LifeEventReview';
import { Alert, secondaryButtonClass } from '~/components/ui';
import { SignatureForm } from '~/components/wizard/SignatureStep';

/** Step 7: each change before -> after as the server prices it, and the signature that sends them to HR. */
export function ReviewSignStep({ review, error, previous, canSign }: { review: Review | null; error: string | null; previous: MidyearStep | null; canSign: boolean }) {
  return (
    <>
      {canSign ? (
        <SignatureForm title="Review and sign" instructions="Sign to send these changes to HR. They take effect once HR approves them." error={error} screen="sign" nextLabel="Finish">
          {review ? (
            <LifeEventReview review={review} />
          ) : (
            <Alert tone="error" className="mb-4">
              {EnrollmentMessages.cannotFetchEnrollments}
            </Alert>
          )}
        </SignatureForm>
      ) : null}
      {previous ? (
        <Form method="post" className="mt-4">
          <button type="submit" name="back" value={previous} className={secondaryButtonClass}>
            Back
          </button>
        </Form>
      ) : null}
    </>
  );
}
