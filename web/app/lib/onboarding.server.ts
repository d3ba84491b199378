import { data } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import type { SubmissionResult } from '@conform-to/react';
import {
  Messages,
  OnboardingMessages,
  OnboardingStep,
  ZCustomDocument,
  ZCustomDocumentList,
  ZEeo,
  ZEeoRequest,
  ZEmployeeProfile,
  ZEmployeeProfileForm,
  ZI9,
  ZI9Documents,
  ZI9Request,
  ZOkResponse,
  ZOnboardingAccountRequest,
  ZOnboardingStatus,
  ZPayrollMethod,
  ZPayrollMethodList,
  ZPayrollMethodRequest,
  ZW4,
  ZW4Request,
  type CurrentUser,
  type CustomDocument,
  type Eeo,
  type I9,
  type I9Documents,
  type OnboardingStatus,
  type PayrollMethod,
  type W4,
} from '@bp/api/contracts';
import { z } from 'zod';
import { fieldErrorsOf, loadSecurityQuestions, type SecurityQuestionOption } from './account.server';
import { apiCall, type ApiFailure } from './api.server';
import { loadEmployee, loadOptions, orThrow, redirectWithNotice, type Caller } from './employee-data.server';
import type { AppSession } from './session.server';
import { throwOnSessionFailure } from './shell.server';
import type { ProfileStepData } from '~/components/wizard/ProfileStep';
import { onboardingPath } from './onboarding-steps';

/** Server side of the onboarding wizard. */

/** One screen of the wizard: a step of this person's, or the Finish screen (step 0). */
export interface OnboardingScreen {
  step: number;
  label: string;
}

export interface OnboardingPage {
  status: OnboardingStatus;
  screens: OnboardingScreen[];
  /** The screen shown (0-based) and the furthest one reachable. */
  index: number;
  resume: number;
  profile: ProfileStepData | null;
  i9: { i9: I9; documents: I9Documents; confirm: boolean } | null;
  w4: W4 | null;
  payroll: { methods: PayrollMethod[]; offered: number[]; editing: PayrollMethod | 'new' | null } | null;
  eeo: Eeo | null;
  account: { questions: SecurityQuestionOption[] } | null;
  documents: { documents: CustomDocument[]; active: number } | null;
}

const FINISH: OnboardingScreen = { step: OnboardingStep.Finished, label: 'Finish' };

/** Account Settings has no step number of its own: it shows while the status says it applies. */
const ACCOUNT_SETTINGS: OnboardingScreen = { step: OnboardingStep.Pending, label: 'Account Settings' };

export const screensOf = (status: OnboardingStatus): OnboardingScreen[] => [...(status.accountSettings ? [ACCOUNT_SETTINGS] : []), ...status.steps, FINISH];

/** The screen after the last step completed. */
export function resumeIndex(status: OnboardingStatus): number {
  if (status.step === OnboardingStep.Pending) return 0;
  const done = screensOf(status).findIndex((s) => s.step === status.step);
  return done < 0 ? 0 : done + 1;
}


export async function loadOnboarding(url: URL, user: CurrentUser, caller: Caller): Promise<OnboardingPage> {
  const { token, request, context } = caller;
  const status = await orThrow(await apiCall(ZOnboardingStatus, '/onboarding', { token, request, context }));
  const screens = screensOf(status);
  const resume = resumeIndex(status);
  const asked = Number(url.searchParams.get('step')) - 1;
  const index = Number.isInteger(asked) && asked >= 0 && asked <= resume ? asked : resume;
  const page: OnboardingPage = { status, screens, index, resume, profile: null, i9: null, w4: null, payroll: null, eeo: null, account: null, documents: null };
  const step = screens[index]!.step;
  if (step === OnboardingStep.Pending) {
    page.account = { questions: await loadSecurityQuestions(request, context) };
  } else if (step === OnboardingStep.Profile) {
    const [employee, options] = await Promise.all([loadEmployee(caller), loadOptions(caller)]);
    page.profile = { employee, options };
  } else if (step === OnboardingStep.Documents) {
    const documents = await orThrow(await apiCall(ZCustomDocumentList, '/onboarding/custom', { token, request, context }));
    const asked = Number(url.searchParams.get('doc')) - 1;
    // Without ?doc=, the first document still to submit.
    const firstOpen = documents.findIndex((d) => d.submittedAt === null);
    const active = Number.isInteger(asked) && asked >= 0 && asked < documents.length ? asked : Math.max(0, firstOpen);
    page.documents = { documents, active };
  } else if (step === OnboardingStep.Eligibility) {
    const [i9, documents] = await Promise.all([apiCall(ZI9, '/onboarding/i9', { token, request, context }), apiCall(ZI9Documents, '/onboarding/i9-docs', { token, request, context })]);
    page.i9 = { i9: await orThrow(i9), documents: await orThrow(documents), confirm: url.searchParams.get('confirm') === '1' };
  } else if (step === OnboardingStep.Tax) {
    page.w4 = await orThrow(await apiCall(ZW4, '/onboarding/w4', { token, request, context }));
  } else if (step === OnboardingStep.Payroll) {
    const methods = await orThrow(await apiCall(ZPayrollMethodList, '/payroll', { token, request, context }));
    const asked = url.searchParams.get('method');
    const editing = asked === 'new' ? 'new' : (methods.find((m) => String(m.id) === asked) ?? null);
    page.payroll = { methods, offered: user.payrollMethods, editing };
  } else if (step === OnboardingStep.Eeo) {
    const eeo = await apiCall(ZEeo, '/onboarding/eeo', { token, request, context });
    if (!eeo.ok) await throwOnSessionFailure(eeo);
    page.eeo = eeo.ok ? eeo.data : { eeoGender: null, eeoRace: null, eeoJobCategory: null, eeoMilitaryStatus: null };
  }
  return page;
}

/** What a step's submission answers when it stays on the page. */
export interface OnboardingAnswer {
  screen: string;
  result: SubmissionResult<string[]> | null;
  toast: string | null;
  /** A document's refusal: the API's messages by path (customFields.0.value, files, fileId, fullName...). */
  errors?: Record<string, string[]>;
}

interface Ctx {
  user: CurrentUser;
  session: AppSession;
  caller: Caller;
}

const answer = (screen: string, result: SubmissionResult<string[]> | null, toast: string | null, status: number) => data<OnboardingAnswer>({ screen, result, toast }, { status });

async function refusal(failure: ApiFailure, fields: readonly string[]): Promise<Record<string, string[]> | null> {
  await throwOnSessionFailure(failure);
  const errors = failure.status === 400 ? fieldErrorsOf(failure.error.errors, fields) : {};
  if (Object.keys(errors).length > 0) return errors;
  console.error(`onboarding call failed with ${failure.status}: ${failure.error.message}`);
  return null;
}

/**
 * Records the screen's step as done when it is the next one (a revisited screen changes nothing), then
 * shows the following screen; Finish records 0 and goes on to benefit enrollment.
 */
async function advance(ctx: Ctx, screen: string, extra = '') {
  const { token, request, context } = ctx.caller;
  const status = await orThrow(await apiCall(ZOnboardingStatus, '/onboarding', { token, request, context }));
  const screens = screensOf(status);
  const resume = resumeIndex(status);
  const index = screens.findIndex((s) => s.step === stepOfScreen(screen));
  if (index < 0) return redirectWithNotice(ctx.session, onboardingPath(resume));
  if (index === resume) {
    const saved = await apiCall(ZOkResponse, '/onboarding', { method: 'PUT', body: { step: screens[index]!.step }, token, request, context });
    if (!saved.ok) {
      await throwOnSessionFailure(saved);
      return answer(screen, null, saved.status === 409 ? saved.error.message : Messages.serverError, saved.status === 409 ? 409 : 503);
    }
  }
  if (screens[index]!.step === OnboardingStep.Finished) return redirectWithNotice(ctx.session, '/');
  return redirectWithNotice(ctx.session, onboardingPath(index + 1, extra));
}

const SCREEN_STEPS: Record<string, number> = {
  profile: OnboardingStep.Profile,
  documents: OnboardingStep.Documents,
  i9: OnboardingStep.Eligibility,
  i9confirm: OnboardingStep.Eligibility,
  w4: OnboardingStep.Tax,
  payroll: OnboardingStep.Payroll,
  eeo: OnboardingStep.Eeo,
  signature: OnboardingStep.Signature,
  finish: OnboardingStep.Finished,
};
const stepOfScreen = (screen: string): number => SCREEN_STEPS[screen] ?? -1;

/** Saves a form through the API with the shared schema; on success `after` decides where to go. */
async function saveForm<S extends z.ZodTypeAny>(
  ctx: Ctx,
  formData: FormData,
  screen: string,
  schema: S,
  call: { path: string; method: 'PUT' | 'POST'; fields: readonly string[] },
  after: () => Promise<Response | ReturnType<typeof answer>>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return answer(screen, submission.reply(), null, 400);
  const { token, request, context } = ctx.caller;
  // The raw fields go to the API, which applies the same schema (and its conversions) again.
  const body = Object.fromEntries([...formData.entries()].filter(([k]) => call.fields.includes(k)).map(([k, v]) => [k, String(v)]));
  const saved = await apiCall(z.unknown(), call.path, { method: call.method, body, token, request, context });
  if (!saved.ok) {
    const fieldErrors = await refusal(saved, call.fields);
    return fieldErrors ? answer(screen, submission.reply({ fieldErrors }), null, 400) : answer(screen, submission.reply(), Messages.serverError, 503);
  }
  return after();
}

const I9_FIELDS = ['workEligibilityType', 'uscisNumber', 'i94Number', 'passportNumber', 'issuanceCountry', 'expirationDate'];
const W4_FIELDS = ['federalFilingStatus', 'federalWithholdingAllowance', 'federalAdditionalWithholding', 'federalExemption', 'certifyLastYear', 'certifyThisYear'];
const EEO_FIELDS = ['eeoGender', 'eeoRace', 'eeoJobCategory', 'eeoMilitaryStatus'];
const PAYROLL_FIELDS = ['method', 'amountType', 'amount', 'routingNumber', 'accountNumber', 'accountType', 'sortOrder'];

export async function onboardingAction(formData: FormData, ctx: Ctx) {
  const screen = String(formData.get('screen') ?? '');
  const { token, request, context } = ctx.caller;
  const here = async () => {
    const status = await orThrow(await apiCall(ZOnboardingStatus, '/onboarding', { token, request, context }));
    return screensOf(status).findIndex((s) => s.step === stepOfScreen(screen));
  };
  switch (screen) {
    case 'profile': {
      const submission = parseWithZod(formData, { schema: ZEmployeeProfileForm });
      if (submission.status !== 'success') return answer('profile', submission.reply(), null, 400);
      const saved = await apiCall(ZEmployeeProfile, '/employee', { method: 'PUT', body: submission.value, token, request, context });
      if (!saved.ok) {
        const fieldErrors = await refusal(saved, Object.keys(ZEmployeeProfileForm.shape));
        return fieldErrors ? answer('profile', submission.reply({ fieldErrors }), null, 400) : answer('profile', submission.reply(), Messages.profileSaveFailed, 503);
      }
      return advance(ctx, 'profile');
    }
    case 'document':
      return saveDocument(formData, ctx, await here());
    case 'documents':
    case 'signatureDone':
    case 'finish':
    case 'i9confirm':
      return advance(ctx, screen);
    case 'i9':
      // Saved, then the acceptable documents ask for confirmation before moving on.
      return saveForm(ctx, formData, 'i9', ZI9Request, { path: '/onboarding/i9', method: 'PUT', fields: I9_FIELDS }, async () =>
        redirectWithNotice(ctx.session, onboardingPath(await here(), '&confirm=1')),
      );
    case 'account':
      // Saved, the screen no longer applies: the first screen is then Employee Profile.
      return saveForm(ctx, formData, 'account', ZOnboardingAccountRequest, { path: '/onboarding/account', method: 'PUT', fields: ['email', 'securityQuestionId', 'securityAnswer'] }, () =>
        redirectWithNotice(ctx.session, onboardingPath(0)),
      );
    case 'w4':
      return saveForm(ctx, formData, 'w4', ZW4Request, { path: '/onboarding/w4', method: 'PUT', fields: W4_FIELDS }, () => advance(ctx, 'w4'));
    case 'eeo':
      return saveForm(ctx, formData, 'eeo', ZEeoRequest, { path: '/onboarding/eeo', method: 'PUT', fields: EEO_FIELDS }, () => advance(ctx, 'eeo'));
    case 'payrollMethod': {
      const id = Number(formData.get('id'));
      const editing = Number.isInteger(id) && id > 0;
      return saveForm(ctx, formData, 'payrollMethod', ZPayrollMethodRequest, { path: editing ? `/payroll/${id}` : '/payroll', method: editing ? 'PUT' : 'POST', fields: PAYROLL_FIELDS }, async () =>
        redirectWithNotice(ctx.session, onboardingPath(await here())),
      );
    }
    case 'payrollDelete': {
      const id = Number(formData.get('id'));
      const removed = await apiCall(ZOkResponse, `/payroll/${id}`, { method: 'DELETE', token, request, context });
      if (!removed.ok) {
        await throwOnSessionFailure(removed);
        return answer('payroll', null, removed.error.errors?.[0]?.message ?? removed.error.message, removed.status);
      }
      return redirectWithNotice(ctx.session, onboardingPath(await here()));
    }
    case 'payroll': {
      const methods = await orThrow(await apiCall(ZPayrollMethodList, '/payroll', { token, request, context }));
      if (methods.length === 0) return answer('payroll', null, OnboardingMessages.createPayrollMethods, 400);
      const saved = await apiCall(z.array(ZPayrollMethod), '/payroll', {
        method: 'PUT',
        body: { methods: methods.map((m) => ({ id: m.id, sortOrder: m.sortOrder })) },
        token,
        request,
        context,
      });
      if (!saved.ok) {
        await throwOnSessionFailure(saved);
        return answer('payroll', null, saved.error.errors?.[0]?.message ?? Messages.serverError, saved.status === 400 ? 400 : 503);
      }
      return advance(ctx, 'payroll');
    }
    case 'signature': {
      const saved = await apiCall(z.unknown(), '/onboarding/signature', { method: 'POST', body: { signature: String(formData.get('signature') ?? '') }, token, request, context });
      if (!saved.ok) {
        await throwOnSessionFailure(saved);
        return answer('signature', null, OnboardingMessages.signatureServerError, saved.status === 400 ? 400 : 503);
      }
      return advance(ctx, 'signature');
    }
    default:
      return redirectWithNotice(ctx.session, '/onboarding');
  }
}

/** One document's answer: the fields by id, the acknowledgment and typed name; the API applies every rule. */
async function saveDocument(formData: FormData, ctx: Ctx, index: number) {
  const { token, request, context } = ctx.caller;
  const id = Number(formData.get('documentId'));
  const docIndex = Number(formData.get('docIndex'));
  const customFields: Array<{ id: number; value: string }> = [];
  for (const key of new Set([...formData.keys()])) {
    const match = /^field-(\d+)$/.exec(key);
    // A checkbox sends its hidden "false" and, when ticked, "true": the last value counts.
    if (match) customFields.push({ id: Number(match[1]), value: String(formData.getAll(key).at(-1) ?? '') });
  }
  const body = { id, customFields, fullName: String(formData.get('fullName') ?? ''), acknowledged: formData.get('acknowledged') === 'on' };
  const saved = await apiCall(ZCustomDocument, '/onboarding/custom', { method: 'PUT', body, token, request, context });
  if (!saved.ok) {
    await throwOnSessionFailure(saved);
    if (saved.status === 400 && saved.error.errors?.length) {
      const errors: Record<string, string[]> = {};
      for (const e of saved.error.errors) (errors[e.path] ??= []).push(e.message);
      return data<OnboardingAnswer>({ screen: 'document', result: null, toast: null, errors }, { status: 400 });
    }
    console.error(`saving a document failed with ${saved.status}: ${saved.error.message}`);
    return answer('document', null, Messages.serverError, 503);
  }
  // On to the next document still to submit, or back to this one's list when all are done.
  const documents = await orThrow(await apiCall(ZCustomDocumentList, '/onboarding/custom', { token, request, context }));
  const next = documents.findIndex((d) => d.submittedAt === null);
  return redirectWithNotice(ctx.session, onboardingPath(index, `&doc=${(next >= 0 ? next : Number.isInteger(docIndex) ? docIndex : 0) + 1}`), { type: 'success', text: `${saved.data.title} submitted` });
}
