import { redirect, type AppLoadContext } from '@remix-run/node';
import {
  Messages,
  ZAllOptions,
  ZDependentList,
  ZEmployeeProfile,
  ZOkResponse,
  type CurrentUser,
  type Dependent,
  type EmployeeProfile,
  type OptionItemDto,
} from '@bp/api/contracts';
import { apiCall, type ApiResult } from './api.server';
import { commitSession, type AppSession, type FlashMessage } from './session.server';
import { completedStepOf, wizardPath } from './registration-steps';
import { requireUser, throwOnSessionFailure } from './shell.server';

/** Server side of the profile and dependents screens: every call goes to the API with the session's token. */

export interface Caller {
  token: string;
  request: Request;
  context: AppLoadContext;
}

/** The option lists the profile and dependent forms use. */
export const FORM_OPTION_TYPES = ['gender', 'smoker', 'maritalStatus', 'state', 'relationshipType', 'lastNameReason', 'employmentType', 'office'] as const;
export type FormOptionType = (typeof FORM_OPTION_TYPES)[number];
export type FormOptions = Record<FormOptionType, OptionItemDto[]>;

/** GET /options. A failure is only logged: the selects stay empty. */
export async function loadOptions({ token, request, context }: Caller): Promise<FormOptions> {
  const result = await apiCall(ZAllOptions, '/options', { token, request, context });
  if (!result.ok) {
    await throwOnSessionFailure(result);
    console.error(`loading options failed with ${result.status}`);
  }
  const all = result.ok ? result.data : {};
  return Object.fromEntries(FORM_OPTION_TYPES.map((type) => [type, all[type] ?? []])) as FormOptions;
}

/** Throws what a loader should throw for a failed read: the session's own failures, else a 503 page. */
export async function orThrow<T>(result: ApiResult<T>): Promise<T> {
  if (result.ok) return result.data;
  await throwOnSessionFailure(result);
  throw new Response(result.error.message, { status: result.status === 404 ? 404 : 503 });
}

export async function loadEmployee({ token, request, context }: Caller): Promise<EmployeeProfile> {
  return orThrow(await apiCall(ZEmployeeProfile, '/employee', { token, request, context }));
}

/** GET /dependents. A failure is only logged: the list shows empty. */
export async function loadDependents({ token, request, context }: Caller): Promise<Dependent[]> {
  const result = await apiCall(ZDependentList, '/dependents', { token, request, context });
  if (result.ok) return result.data;
  await throwOnSessionFailure(result);
  console.error(`loading dependents failed with ${result.status}`);
  return [];
}

/**
 * PUT /me {step}: asks the server to record the registration step. null when it did; otherwise what to tell
 * the person: the server's own words when it refused (409, what is missing), else the generic error.
 */
export async function saveRegistrationStep(step: number, { token, request, context }: Caller): Promise<string | null> {
  const result = await apiCall(ZOkResponse, '/me', { method: 'PUT', body: { step }, token, request, context });
  if (result.ok) return null;
  await throwOnSessionFailure(result);
  if (result.status === 409) return result.error.message;
  console.error(`saving registration step ${step} failed with ${result.status}: ${result.error.message}`);
  return Messages.serverError;
}

/** A redirect that carries a one-time toast (feedback clears after 5 seconds). */
export async function redirectWithNotice(session: AppSession, to: string, notice?: FlashMessage): Promise<Response> {
  if (notice) session.flash('notice', notice);
  return redirect(to, notice ? { headers: { 'Set-Cookie': await commitSession(session) } } : undefined);
}

/**
 * Whether the edit notices of /profile and /dependents show: the election window GET /me answers (the
 * contracts' one rule, counted by the server in the client's calendar); a life event has its own wizard.
 */
export const canEditEnrollmentData = (user: Pick<CurrentUser, 'electionWindow'>): boolean => user.electionWindow.open && user.electionWindow.why !== 'life-event';

/**
 * The edit confirmations of My Profile, My Dependents and My Beneficiaries: records the screen before
 * `index` as the last completed step, so the wizard reopens at `index` (Edit Profile
 * saves Account, Edit Dependents saves Profile), and goes there. Only while edits are allowed.
 */
export async function reopenWizardAt(index: number, from: string, request: Request, context: AppLoadContext): Promise<Response> {
  const { user, token, session } = await requireUser(request, context);
  if (!canEditEnrollmentData(user)) throw redirect(from);
  const refused = await saveRegistrationStep(completedStepOf(index - 1), { token, request, context });
  if (refused) return redirectWithNotice(session, from, { type: 'error', text: refused });
  return redirectWithNotice(session, wizardPath(index));
}

/**
 * What My Profile, My Dependents and My Beneficiaries share: whether Edit is offered, whether its
 * confirmation is open (?edit=1), and whether the secured-data lock skips the password prompt (test users
 * and impersonating sessions).
 */
export function myDataPageState(
  user: Pick<CurrentUser, 'electionWindow' | 'testUser' | 'impersonatingUserId'>,
  request: Request,
): { canEdit: boolean; confirmOpen: boolean; skipPrompt: boolean } {
  const canEdit = canEditEnrollmentData(user);
  return {
    canEdit,
    confirmOpen: canEdit && new URL(request.url).searchParams.get('edit') === '1',
    skipPrompt: user.testUser || user.impersonatingUserId !== null,
  };
}
