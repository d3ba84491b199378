import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  ALLOWED_CHANGES,
  LIFE_EVENT_TYPES,
  LifeEventMessages,
  LifeEventType,
  MIDYEAR_STEP_TITLES,
  eventDependentRelation,
  nextMidyearStep,
  previousMidyearStep,
  proofAwaitedMessage,
  relationOf,
  stepSkipped,
  type MidyearStep,
} from '@bp/api/contracts';
import { ChangeCard } from '~/components/Dashboard';
import { CoverageStep } from '~/components/change-benefits/CoverageStep';
import { EventDateStep } from '~/components/change-benefits/EventDateStep';
import { EventDependentStep } from '~/components/change-benefits/EventDependentStep';
import { EventStep } from '~/components/change-benefits/EventStep';
import { PlanEnrollmentStep } from '~/components/change-benefits/PlanEnrollmentStep';
import { ReviewSignStep } from '~/components/change-benefits/ReviewSignStep';
import { ProofUpload } from '~/components/change-benefits/StepParts';
import { Alert, Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { DependentDialog } from '~/components/wizard/DependentDialog';
import { PATH, STEP_PATH } from '~/lib/change-benefits';
import { addEventDependent, loadChangeBenefits, moveWizard, saveElection, signEvent } from '~/lib/change-benefits.server';
import { modifySelections } from '~/lib/dashboard.server';
import { pageTitle } from '~/lib/meta';
import { requireUser } from '~/lib/shell.server';

export { RouteErrorBoundary as ErrorBoundary } from '~/components/RouteErrorBoundary';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, 'Change Benefits') }];

/**
 * Change Benefits (the life-event wizard): steps 1 event, 2 date and reason,
 * 3 dependent, 4 affected coverage and proof, 6 plan enrollment (the registration's dialogs, writing into the
 * event's own draft), 7 review and sign. The server owns the steps (PUT /midyear-changes); this page shows the
 * one it is at (a component per step, components/change-benefits) and posts each move
 * (lib/change-benefits.server).
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadChangeBenefits({ request, context });
}

/** What a post is, by its fields: Modify Selections, step 6's dialogs, step 3's new dependent, the signature, or a move. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { token, session, user } = await requireUser(request, context);
  const caller = { token, request, context };
  const form = await request.formData();
  // The card's Modify Selections (during open enrollment or the new-hire window), as on the dashboard.
  if (form.get('intent') === 'modify') return modifySelections(user, caller, session);
  const screen = form.get('screen');
  if (screen === 'enroll' || screen === 'decline') return saveElection(screen, form, caller);
  if (screen === 'dependent') return addEventDependent(form, caller, session);
  if (screen === 'sign') return signEvent(form, caller, session);
  return moveWizard(form, caller);
}

export default function ChangeBenefitsRoute() {
  const { midyear, step, eventTypes, dependents, enrollment, coverage, review, medicalEnrolled, askContinue, changeCard, confirmModify, dependentForm } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const eventType = (midyear.status === 'draft' ? midyear.eventType : null) as LifeEventType | null;
  const ctx = { eventType, medicalEnrolled };
  const shown = ([1, 2, 3, 4, 5, 6, 7] as MidyearStep[]).filter((s) => !stepSkipped(s, ctx));
  const next = nextMidyearStep(step, ctx);
  const previous = previousMidyearStep(step, ctx);
  const error = answer?.error ?? null;
  const proof = eventType ? ALLOWED_CHANGES[eventType].proof : null;
  const proofUploaded = midyear.proofFileId !== null && midyear.proofFileId !== undefined;
  const pendingProof = midyear.status === 'pending' && midyear.eventType && (midyear.proofFileId ?? null) === null ? ALLOWED_CHANGES[midyear.eventType as LifeEventType].proof : null;

  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-5xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Change My Benefits
      </h1>
      {changeCard.show ? (
        <div className="mt-6 max-w-xl">
          <ChangeCard message={changeCard.message} confirmOpen={confirmModify} closeTo={PATH} />
        </div>
      ) : null}
      <Modal open={askContinue && !changeCard.show} title="Change My Benefits" description={LifeEventMessages.continuePrevious} dismissable={false}>
        <div className="mt-6 flex justify-end gap-3">
          <Form method="post">
            <input type="hidden" name="step" value="1" />
            <button type="submit" className={secondaryButtonClass}>
              No
            </button>
          </Form>
          <Link to={STEP_PATH} className={primaryButtonClass}>
            Yes
          </Link>
        </div>
      </Modal>
      {midyear.status === 'pending' ? (
        <>
          <Alert tone="info" className="mt-4">
            {`${LifeEventMessages.pendingApproval} (${LIFE_EVENT_TYPES[midyear.eventType as LifeEventType]}, ${midyear.effectiveDate}).`}
          </Alert>
          {/* Signed without its document: HR's approval waits for it; it is uploaded here. */}
          {pendingProof ? (
            <div className="mt-4 max-w-xl space-y-3">
              <p className="text-sm text-slate-800">{proofAwaitedMessage(pendingProof)}</p>
              <ProofUpload proof={pendingProof} uploaded={false} signed />
            </div>
          ) : null}
        </>
      ) : midyear.status === 'rejected' ? (
        <Alert tone="warning" className="mt-4">
          {`HR returned your ${LIFE_EVENT_TYPES[midyear.eventType as LifeEventType]} change: ${midyear.rejectionReason ?? ''} You can report it again below.`}
        </Alert>
      ) : null}
      {dependentForm ? (
        <DependentDialog
          dependent={null}
          employeeLastName={dependentForm.employeeLastName}
          requireSsn={dependentForm.requireSsn}
          options={dependentForm.options}
          closeTo={STEP_PATH}
          lastResult={answer?.reply}
          relationships={dependentForm.options.relationshipType.filter((o) => relationOf(o.id) === eventDependentRelation(dependentForm.eventType))}
          birth={dependentForm.eventType === LifeEventType.BirthOrAdoption}
        />
      ) : null}
      {midyear.status !== 'pending' && !changeCard.show ? (
        <>
          <ol aria-label="Steps" className="mt-6 flex flex-wrap gap-2 text-sm">
            {shown.map((s, i) => (
              <li key={s} aria-current={s === step ? 'step' : undefined} className={s === step ? 'rounded-full bg-brand-700 px-3 py-1 font-semibold text-white' : 'rounded-full bg-slate-100 px-3 py-1 text-slate-700'}>
                {`${i + 1} ${MIDYEAR_STEP_TITLES[s as keyof typeof MIDYEAR_STEP_TITLES]}`}
              </li>
            ))}
          </ol>
          {error ? (
            <Alert tone="error" className="mt-4" id="step-error">
              {error}
            </Alert>
          ) : null}
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            {step === 1 ? <EventStep eventTypes={eventTypes} chosen={midyear.eventType} busy={busy} /> : null}
            {step === 2 && eventType ? <EventDateStep eventType={eventType} midyear={midyear} next={next} previous={previous} busy={busy} error={error} field={answer?.field} /> : null}
            {step === 3 && eventType ? (
              <EventDependentStep eventType={eventType} chosen={midyear.dependentId} dependents={dependents} addTo={`${STEP_PATH}&add=1`} next={next} previous={previous} busy={busy} />
            ) : null}
            {step === 4 && eventType ? <CoverageStep eventType={eventType} proof={proof} proofUploaded={proofUploaded} coverage={coverage} next={next} previous={previous} busy={busy} /> : null}
            {step === 6 && enrollment ? (
              <PlanEnrollmentStep
                enrollment={enrollment}
                eventType={eventType}
                proof={stepSkipped(4, ctx) ? proof : null}
                proofUploaded={proofUploaded}
                stepPath={STEP_PATH}
                error={error}
                next={next}
                previous={previous}
              />
            ) : null}
            {step === 7 ? <ReviewSignStep review={review} error={error} previous={previous} canSign={eventType !== null && enrollment !== null} /> : null}
          </div>
          {step > 1 ? (
            <Form method="post" className="mt-4 flex justify-end">
              <input type="hidden" name="step" value="1" />
              <button type="submit" className={secondaryButtonClass}>
                Cancel this change
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
