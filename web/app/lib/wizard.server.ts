import { data } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import type { SubmissionResult } from '@conform-to/react';
import {
  dependentSchema,
  fullName,
  EnrollmentMessages,
  Messages,
  ZDependent,
  ZDependentAddressList,
  ZEmployeeProfile,
  ZEmployeeProfileForm,
  ZOkResponse,
  type CurrentUser,
  type DependentAddressUpdate,
} from '@bp/api/contracts';
import { fieldErrorsOf } from './account.server';
import { apiCall, type ApiFailure } from './api.server';
import { dependentsNextSchema } from './dependent-forms';
import { loadDependents, loadEmployee, redirectWithNotice, saveRegistrationStep, type Caller } from './employee-data.server';
import { decline, enroll, loadEnrollmentsForNext } from './enrollment.server';
import { allDecided } from './enrollment-rules';
import { completedStepOf, DEPENDENTS_INDEX, ENROLLMENT_INDEX, laterStep, PROFILE_INDEX, SUMMARY_INDEX, wizardIndexOf, wizardPath } from './registration-steps';
import { isLateScreen, lateStepAction } from './late-steps.server';
import type { AppSession } from './session.server';
import { throwOnSessionFailure } from './shell.server';

/** What a wizard step's submission answers when it stays on the page: the form's reply and a toast. */
export interface WizardAnswer {
  screen: 'profile' | 'dependent' | 'dependents' | 'advance' | 'enroll' | 'decline' | 'enrollments';
  result: SubmissionResult<string[]> | null;
  toast: string | null;
  /** Shown in place: a refused election's API message in the open dialog, or step 4's selection message. */
  message?: string | null;
}

interface WizardContext {
  user: CurrentUser;
  session: AppSession;
  caller: Caller;
}

const PROFILE_FIELDS = Object.keys(ZEmployeeProfileForm.shape);
const DEPENDENT_FIELDS = [
  'relationshipTypeId', 'firstName', 'middleName', 'lastName', 'maidenName', 'birthDate', 'gender', 'smoker', 'disabled', 'maritalStatusId',
  'ssn', 'email', 'dependentDifferentAddress', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'lastNameReasonId',
];

function answer(screen: WizardAnswer['screen'], result: SubmissionResult<string[]> | null, toast: string | null, status: number) {
  return data<WizardAnswer>({ screen, result, toast }, { status });
}

/** The API's field messages when it refused the fields (400), else null: the caller shows its toast. */
async function apiFieldErrors(failure: ApiFailure, fields: readonly string[]): Promise<Record<string, string[]> | null> {
  await throwOnSessionFailure(failure);
  const errors = failure.status === 400 ? fieldErrorsOf(failure.error.errors, fields) : {};
  if (Object.keys(errors).length > 0) return errors;
  console.error(`wizard call failed with ${failure.status}: ${failure.error.message}`);
  return null;
}

/**
 * Moving forward saves the completed step, then shows the next one. Saving never
 * lowers the progress of someone who went back to an earlier step.
 */
async function advance(index: number, ctx: WizardContext, screen: WizardAnswer['screen']) {
  const step = laterStep(ctx.user.registrationStep, completedStepOf(index));
  // Revisiting an earlier screen changes nothing on the server: only the next step is ever recorded.
  if (step !== ctx.user.registrationStep) {
    const refused = await saveRegistrationStep(step, ctx.caller);
    if (refused) return answer(screen, null, refused, refused === Messages.serverError ? 503 : 409);
  }
  if (index !== SUMMARY_INDEX) return redirectWithNotice(ctx.session, wizardPath(index + 1));
  // Finishing now (not a revisit): the dashboard confirms it once.
  const finishedNow = step !== ctx.user.registrationStep;
  return redirectWithNotice(ctx.session, '/', finishedNow ? { type: 'success', text: Messages.enrollmentFinished } : undefined);
}

/** The action of every signed-in wizard step; `screen` names the form. */
export async function wizardAction(formData: FormData, ctx: WizardContext) {
  const resume = wizardIndexOf(ctx.user.registrationStep);
  switch (formData.get('screen')) {
    case 'profile':
      return saveProfile(formData, ctx);
    case 'dependent':
      return saveDependent(formData, ctx);
    case 'delete':
      return deleteDependent(formData, ctx);
    case 'dependents':
      return resume < DEPENDENTS_INDEX ? redirectWithNotice(ctx.session, wizardPath(resume)) : dependentsNext(formData, ctx);
    case 'enroll':
    case 'decline':
      return resume < ENROLLMENT_INDEX ? redirectWithNotice(ctx.session, wizardPath(resume)) : saveEnrollment(formData, ctx);
    case 'enrollments':
      return resume < ENROLLMENT_INDEX ? redirectWithNotice(ctx.session, wizardPath(resume)) : enrollmentsNext(ctx);
    case 'beneficiary':
    case 'deleteBeneficiary':
    case 'beneficiaries':
    case 'additionalInfo':
    case 'signature':
    case 'summary':
      // Steps 5 to 8: their own forms, each finishing with the wizard's advance.
      return isLateScreen(formData.get('screen'))
        ? lateStepAction(formData, { caller: ctx.caller, session: ctx.session, resume }, (index) => advance(index, ctx, 'advance'))
        : redirectWithNotice(ctx.session, wizardPath(resume));
    case 'advance': {
      const index = Number(formData.get('index'));
      // Only a step the person has reached can be completed; Benefits Enrollment has its own Next.
      if (!Number.isInteger(index) || index <= ENROLLMENT_INDEX || index > resume) return redirectWithNotice(ctx.session, wizardPath(resume));
      return advance(index, ctx, 'advance');
    }
    default:
      return redirectWithNotice(ctx.session, wizardPath(resume));
  }
}

async function saveProfile(formData: FormData, ctx: WizardContext) {
  const submission = parseWithZod(formData, { schema: ZEmployeeProfileForm });
  if (submission.status !== 'success') return answer('profile', submission.reply(), null, 400);
  const { token, request, context } = ctx.caller;
  const saved = await apiCall(ZEmployeeProfile, '/employee', { method: 'PUT', body: submission.value, token, request, context });
  if (!saved.ok) {
    const fieldErrors = await apiFieldErrors(saved, PROFILE_FIELDS);
    return fieldErrors
      ? answer('profile', submission.reply({ fieldErrors }), null, 400)
      : answer('profile', submission.reply(), Messages.profileSaveFailed, saved.status >= 500 ? saved.status : 502);
  }
  return advance(PROFILE_INDEX, ctx, 'profile');
}

async function saveDependent(formData: FormData, ctx: WizardContext) {
  const employee = await loadEmployee(ctx.caller);
  const schema = dependentSchema({ employeeLastName: employee.lastName, requireSsn: ctx.user.requireSsn });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return answer('dependent', submission.reply(), null, 400);
  const id = Number(formData.get('id'));
  const editing = Number.isInteger(id) && id > 0;
  const { token, request, context } = ctx.caller;
  const saved = await apiCall(ZDependent, editing ? `/dependents/${id}` : '/dependents', {
    method: editing ? 'PUT' : 'POST',
    body: submission.value,
    token,
    request,
    context,
  });
  // A confirmation the person can see (and hear: the toast is a live region) that the save happened.
  if (saved.ok) {
    const name = fullName(saved.data);
    return redirectWithNotice(ctx.session, wizardPath(DEPENDENTS_INDEX), { type: 'success', text: editing ? Messages.dependentUpdated(name) : Messages.dependentAdded(name) });
  }
  const fieldErrors = await apiFieldErrors(saved, DEPENDENT_FIELDS);
  if (fieldErrors) return answer('dependent', submission.reply({ fieldErrors }), null, 400);
  // The dialog closes and the toast tells what failed.
  return redirectWithNotice(ctx.session, wizardPath(DEPENDENTS_INDEX), {
    type: 'error',
    text: editing ? Messages.dependentUpdateFailed : Messages.dependentCreateFailed,
  });
}

async function deleteDependent(formData: FormData, ctx: WizardContext) {
  const id = Number(formData.get('id'));
  const { token, request, context } = ctx.caller;
  const removed = Number.isInteger(id) && id > 0 ? await apiCall(ZOkResponse, `/dependents/${id}`, { method: 'DELETE', token, request, context }) : null;
  if (removed?.ok) return redirectWithNotice(ctx.session, wizardPath(DEPENDENTS_INDEX));
  if (removed) {
    await throwOnSessionFailure(removed);
    console.error(`deleting dependent ${id} failed with ${removed.status}`);
  }
  return redirectWithNotice(ctx.session, wizardPath(DEPENDENTS_INDEX), { type: 'error', text: Messages.dependentDeleteFailed });
}

/**
 * Next on the Dependents step: first every dependent's address (the employee's own for those who live at
 * home), then the step. Nobody moves on while a dependent is incomplete.
 */
async function dependentsNext(formData: FormData, ctx: WizardContext) {
  const submission = parseWithZod(formData, { schema: dependentsNextSchema });
  if (submission.status !== 'success') return answer('dependents', submission.reply(), null, 400);
  const [dependents, employee] = await Promise.all([loadDependents(ctx.caller), loadEmployee(ctx.caller)]);
  if (dependents.some((d) => !d.completeness.complete)) return answer('dependents', submission.reply(), null, 400);

  if (dependents.length > 0) {
    const typed = new Map((submission.value.addresses ?? []).map((a) => [a.id, a]));
    const home = { address1: employee.address1, address2: employee.address2, city: employee.city, state: employee.state, zip: employee.zip };
    const body: Array<DependentAddressUpdate | Record<string, unknown>> = dependents.map((d) => {
      const own = typed.get(d.id);
      return !submission.value.sameAddress && own?.dependentDifferentAddress
        ? own
        : { id: d.id, dependentDifferentAddress: false, ...home };
    });
    const { token, request, context } = ctx.caller;
    const saved = await apiCall(ZDependentAddressList, '/dependents/addresses/update', { method: 'PUT', body, token, request, context });
    if (!saved.ok) {
      await throwOnSessionFailure(saved);
      console.error(`updating dependent addresses failed with ${saved.status}: ${saved.error.message}`);
      return answer('dependents', submission.reply(), Messages.dependentAddressesFailed, saved.status >= 500 ? saved.status : 502);
    }
  }
  return advance(DEPENDENTS_INDEX, ctx, 'dependents');
}

/**
 * Enroll or Decline in the enrollment dialog. Success closes the dialog and the list reloads;
 * a refused election keeps the dialog open with the API's message; any other failure closes it
 * with 'Cannot create enrollment'.
 */
async function saveEnrollment(formData: FormData, ctx: WizardContext) {
  const id = Number(formData.get('enrollmentId'));
  const stepPath = wizardPath(ENROLLMENT_INDEX);
  if (!Number.isInteger(id) || id <= 0) return redirectWithNotice(ctx.session, stepPath);
  if (formData.get('screen') === 'decline') {
    const { submission, result } = await decline(id, formData, ctx.caller);
    if (!result) return answer('decline', submission.reply(), null, 400);
    if (result.ok) return redirectWithNotice(ctx.session, stepPath);
    if (result.status === 400) return data<WizardAnswer>({ screen: 'decline', result: submission.reply(), toast: null, message: result.message }, { status: 400 });
    return redirectWithNotice(ctx.session, stepPath, { type: 'error', text: result.message });
  }
  const result = await enroll(id, formData, ctx.caller);
  if (result.ok) return redirectWithNotice(ctx.session, stepPath);
  if (result.status === 400) return data<WizardAnswer>({ screen: 'enroll', result: null, toast: null, message: result.message }, { status: 400 });
  return redirectWithNotice(ctx.session, stepPath, { type: 'error', text: result.message });
}

/** Next on Benefits Enrollment: only when every plan type is decided (when enrollments are enabled). */
async function enrollmentsNext(ctx: WizardContext) {
  if (ctx.user.enrollmentsEnabled) {
    const list = await loadEnrollmentsForNext(ctx.caller);
    if (!list) return answer('enrollments', null, EnrollmentMessages.cannotFetchEnrollments, 503);
    if (!allDecided(list)) return data<WizardAnswer>({ screen: 'enrollments', result: null, toast: null, message: EnrollmentMessages.selectAllPlans }, { status: 400 });
  }
  return advance(ENROLLMENT_INDEX, ctx, 'enrollments');
}
