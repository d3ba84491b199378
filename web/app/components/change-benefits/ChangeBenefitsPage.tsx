import type { ReactNode } from 'react';
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
import { Alert, Modal, primaryButtonClass, secondaryButtonClass } from '~/components/ui';
import { DependentDialog } from '~/components/wizard/DependentDialog';
import { STEP_PATH, stepPath } from '~/lib/change-benefits';
import type { changeBenefitsAction, loadChangeBenefits } from '~/lib/change-benefits.server';
import { ProofUpload } from './StepParts';

type Data = ReturnType<typeof useLoaderData<typeof loadChangeBenefits>>;

/** What a step's route draws its step with: the server's data and the answer to the last post. */
export interface StepState {
  data: Data;
  eventType: LifeEventType | null;
  next: MidyearStep | null;
  previous: MidyearStep | null;
  proof: string | null;
  proofUploaded: boolean;
  skipped: (step: MidyearStep) => boolean;
  busy: boolean;
  error: string | null;
  field: string | undefined;
  /** This step's address without the "continue?" question: where its dialogs open and close. */
  here: string;
}

/**
 * Change My Benefits around one step (each step is a route of its own, routes/change-benefits.<slug>.tsx): the
 * heading, the open-enrollment card, the "continue?" question, the pending or returned change, the step list,
 * the error of the last post, the step itself (`children`) and Cancel this change.
 */
export function ChangeBenefitsPage({ children }: { children: (state: StepState) => ReactNode }) {
  const data = useLoaderData<typeof loadChangeBenefits>();
  const { midyear, step, medicalEnrolled, askContinue, changeCard, confirmModify, dependentForm } = data;
  const answer = useActionData<typeof changeBenefitsAction>();
  const busy = useNavigation().state === 'submitting';
  const eventType = (midyear.status === 'draft' ? midyear.eventType : null) as LifeEventType | null;
  const ctx = { eventType, medicalEnrolled };
  const shown = ([1, 2, 3, 4, 5, 6, 7] as MidyearStep[]).filter((s) => !stepSkipped(s, ctx));
  const error = answer && 'error' in answer ? answer.error : null;
  const here = stepPath(step, '?continue=1');
  const pendingProof = midyear.status === 'pending' && midyear.eventType && (midyear.proofFileId ?? null) === null ? ALLOWED_CHANGES[midyear.eventType as LifeEventType].proof : null;
  const state: StepState = {
    data,
    eventType,
    next: nextMidyearStep(step, ctx),
    previous: previousMidyearStep(step, ctx),
    proof: eventType ? ALLOWED_CHANGES[eventType].proof : null,
    proofUploaded: midyear.proofFileId !== null && midyear.proofFileId !== undefined,
    skipped: (s) => stepSkipped(s, ctx),
    busy,
    error,
    field: answer && 'field' in answer ? answer.field : undefined,
    here,
  };

  return (
    <section aria-labelledby="page-heading" className="mx-auto max-w-5xl">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Change My Benefits
      </h1>
      {changeCard.show ? (
        <div className="mt-6 max-w-xl">
          <ChangeCard message={changeCard.message} confirmOpen={confirmModify} closeTo={stepPath(step)} />
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
          closeTo={here}
          lastResult={answer && 'reply' in answer ? answer.reply : undefined}
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
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">{children(state)}</div>
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
