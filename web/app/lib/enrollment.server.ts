import {
  annualFromPerPeriodText,
  centsToDecimal,
  declinePayload,
  EnrollmentMessages,
  ZCustomFields,
  ZEnrollment,
  ZEnrollmentList,
  ZEnrollmentUpdate,
  ZOptionList,
  ZPlanCoverage,
  ZPlanLimits,
  ZPlan,
  ZPlanList,
  ZDeclineForm,
  type CurrentUser,
  type CustomField,
  type Dependent,
  type Enrollment,
  type OptionItemDto,
  type Plan,
  type PlanCoverage,
  type PlanLimits,
} from '@bp/api/contracts';
import { parseWithZod } from '@conform-to/zod/v4';
import { apiCall, type ApiResult } from './api.server';
import { loadDependents, loadEmployee, type Caller } from './employee-data.server';
import { isWaivable, openingTab, preselectedPlanId, type DialogTab } from './enrollment-rules';
import { throwOnSessionFailure } from './shell.server';

/** Server side of the Benefits Enrollment step (document 2 sections 2, 4 and 7). */

export interface EnrollDialogData {
  enrollment: Enrollment;
  /** The group's plans in the current period. */
  plans: Plan[];
  /** The employee's plan of this type from an earlier period, when it is not offered any more. */
  currentPlan: Plan | null;
  planId: number | null;
  tab: DialogTab;
  dependents: Dependent[];
  employeeGender: number | null;
  /** HSA, FSA or voluntary life limits of the preselected plan. */
  limits: PlanLimits | null;
  /** The employee's current coverage amounts in this type. */
  coverages: PlanCoverage | null;
  waiverReasons: OptionItemDto[];
  payPeriods: number;
  today: string;
}

export interface PlanSummaryData {
  plan: Plan;
  custom: CustomField[];
  coverage: PlanCoverage | null;
  /** The employee's election of this type (FSA and HSA amounts). */
  enrollment: Enrollment | null;
  limits: PlanLimits | null;
  /** Paychecks a year, for the per-year costs. */
  payPeriods: number;
}

export interface CompareData {
  /** Paychecks a year, for the per-year costs. */
  payPeriods: number;
  enrollment: Enrollment;
  plans: Plan[];
  /** The employee's current plan of this type from an earlier period: compared, never selectable. */
  previous: Plan[];
}

export interface EnrollmentStepData {
  enabled: boolean;
  enrollments: Enrollment[];
  plans: Plan[];
  /** Current plans from earlier periods (the 'Compare your current plan with the new plans' link). */
  previousPlans: Plan[];
  /** "Cannot fetch user's enrollments" when the lists could not be read. */
  loadError: string | null;
  dialog: EnrollDialogData | null;
  summary: PlanSummaryData | null;
  compare: CompareData | null;
  /** A dialog that could not be opened: its toast (document 2 section 8). */
  notice: string | null;
  /** Paychecks a year, for the per-year costs. */
  payPeriods: number;
}

async function logged<T>(result: ApiResult<T>, what: string): Promise<T | null> {
  if (result.ok) return result.data;
  await throwOnSessionFailure(result);
  console.error(`${what} failed with ${result.status}: ${result.error.message}`);
  return null;
}

const idParam = (url: URL, name: string): number | null => {
  const v = Number(url.searchParams.get(name));
  return Number.isInteger(v) && v > 0 ? v : null;
};

function isoToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Everything step 4 draws, plus the dialog its address asks for (?enroll=, ?summary=, ?compare=). */
export async function loadEnrollmentStep(url: URL, user: CurrentUser, caller: Caller): Promise<EnrollmentStepData> {
  const empty: EnrollmentStepData = {
    enabled: user.enrollmentsEnabled,
    enrollments: [],
    plans: [],
    previousPlans: [],
    loadError: null,
    dialog: null,
    summary: null,
    compare: null,
    notice: null,
    payPeriods: user.payPeriods ?? 26,
  };
  if (!user.enrollmentsEnabled) return empty;
  const { token, request, context } = caller;
  const [enrollments, plans, withCurrent] = await Promise.all([
    apiCall(ZEnrollmentList, '/enrollments', { token, request, context }).then((r) => logged(r, 'loading enrollments')),
    apiCall(ZPlanList, '/plans', { token, request, context }).then((r) => logged(r, 'loading plans')),
    apiCall(ZPlanList, '/plans?includeCurrent=1', { token, request, context }).then((r) => logged(r, 'loading current plans')),
  ]);
  if (!enrollments || !plans) return { ...empty, loadError: EnrollmentMessages.cannotFetchEnrollments };
  const offered = new Set(plans.map((p) => p.id));
  const previousPlans = (withCurrent ?? []).filter((p) => p.current && !offered.has(p.id));
  const data: EnrollmentStepData = { ...empty, enrollments, plans, previousPlans };

  const enrollId = idParam(url, 'enroll');
  const summaryId = idParam(url, 'summary');
  const compareId = idParam(url, 'compare');
  const enrollment = enrollments.find((e) => e.id === (enrollId ?? compareId));
  if (enrollId !== null && enrollment) data.dialog = await loadDialog(url, enrollment, data, user, caller);
  if (compareId !== null && enrollment) {
    data.compare = {
      payPeriods: data.payPeriods,
      enrollment,
      plans: plans.filter((p) => p.planTypeId === enrollment.planTypeId),
      previous: previousPlans.filter((p) => p.planTypeId === enrollment.planTypeId),
    };
    if (data.compare.plans.length === 0) data.notice = 'Error, when trying to fetch plans group info';
  }
  if (summaryId !== null) {
    data.summary = await loadPlanSummary(`/plans/${summaryId}`, enrollments, data.payPeriods, caller);
    if (!data.summary) data.notice = 'Error, when trying to fetch plan info';
  }
  return data;
}

async function loadDialog(url: URL, enrollment: Enrollment, step: EnrollmentStepData, user: CurrentUser, caller: Caller): Promise<EnrollDialogData> {
  const { token, request, context } = caller;
  const plans = step.plans.filter((p) => p.planTypeId === enrollment.planTypeId);
  const asked = idParam(url, 'plan');
  const planId = preselectedPlanId(plans, enrollment.planId, asked);
  const lookup = planId ?? plans[0]?.id ?? null;
  const [dependents, employee, reasons, limits, coverages] = await Promise.all([
    loadDependents(caller),
    loadEmployee(caller),
    isWaivable(enrollment.planTypeId)
      ? apiCall(ZOptionList, '/options?type=waiverReason', { token, request, context }).then((r) => logged(r, 'loading waiver reasons'))
      : Promise.resolve([]),
    lookup !== null ? apiCall(ZPlanLimits, `/plans/${lookup}/limits`, { token, request, context }).then((r) => logged(r, 'loading plan limits')) : Promise.resolve(null),
    lookup !== null ? apiCall(ZPlanCoverage, `/plans/${lookup}/coverages`, { token, request, context }).then((r) => logged(r, 'loading coverages')) : Promise.resolve(null),
  ]);
  return {
    enrollment,
    plans,
    currentPlan: step.previousPlans.find((p) => p.planTypeId === enrollment.planTypeId) ?? null,
    planId,
    tab: openingTab(enrollment, url.searchParams.get('tab'), asked !== null),
    dependents,
    employeeGender: employee.gender,
    limits: limits && limits.kind !== 'none' ? limits : null,
    coverages,
    waiverReasons: reasons ?? [],
    payPeriods: user.payPeriods ?? 26,
    today: isoToday(),
  };
}

/**
 * The Plan Summary's data. `plan` is the plan's address for the person it is priced for: `/plans/{id}` for the
 * signed-in employee, `/plans-hr/{id}/{employee}` for an employee in the census (document 2 section 7).
 */
export async function loadPlanSummary(plan: string, enrollments: Enrollment[], payPeriods: number, caller: Caller): Promise<PlanSummaryData | null> {
  const { token, request, context } = caller;
  const [found, custom, coverage, limits] = await Promise.all([
    apiCall(ZPlan, plan, { token, request, context }).then((r) => logged(r, 'loading plan')),
    apiCall(ZCustomFields, `${plan}/custom`, { token, request, context }).then((r) => logged(r, 'loading custom fields')),
    apiCall(ZPlanCoverage, `${plan}/coverage`, { token, request, context }).then((r) => logged(r, 'loading plan coverage')),
    apiCall(ZPlanLimits, `${plan}/limits`, { token, request, context }).then((r) => logged(r, 'loading plan limits')),
  ]);
  return found ? summaryOf(found, custom, coverage, limits, enrollments, payPeriods) : null;
}

function summaryOf(
  plan: Plan,
  custom: CustomField[] | null,
  coverage: PlanCoverage | null,
  limits: PlanLimits | null,
  enrollments: Enrollment[],
  payPeriods: number,
): PlanSummaryData {
  return {
    plan,
    custom: custom ?? plan.customFields,
    coverage,
    enrollment: enrollments.find((e) => e.planTypeId === plan.planTypeId) ?? null,
    limits: limits && limits.kind !== 'none' ? limits : null,
    payPeriods,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Actions

export type EnrollmentActionResult = { ok: true } | { ok: false; status: number; message: string; fieldErrors?: Record<string, string[]> };

const text = (formData: FormData, name: string): string | undefined => {
  const v = formData.get(name);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};

/** The PUT body of the Enroll tab, from the dialog's fields (the server prices it; no amount is trusted). */
export function enrollBody(formData: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = { status: '1', planId: text(formData, 'planId') };
  if (formData.has('dependentsShown')) body.dependents = formData.getAll('dependents').map(String).filter((v) => /^\d+$/.test(v));
  const tier = text(formData, 'tier');
  if (tier) body.tier = tier;
  const hsa = text(formData, 'hsaContributionAmount');
  if (formData.has('hsaShown')) body.hsaContributionAmount = hsa ?? '';
  if (formData.has('fsaShown')) {
    const payPeriods = Number(text(formData, 'payPeriods') ?? '0');
    const fsa: Record<string, string | undefined> = {};
    for (const key of ['med', 'dep', 'tra', 'park'] as const) {
      const annual = text(formData, `fsa.${key}`);
      const perPeriod = text(formData, `fsa.${key}.period`);
      // Without JavaScript the two fields are not linked: an annual amount wins, else per period x periods.
      const fromPerPeriod = perPeriod ? annualFromPerPeriodText(perPeriod, payPeriods) : null;
      fsa[key] = annual ?? (fromPerPeriod === null ? undefined : centsToDecimal(fromPerPeriod));
    }
    body.fsaContributionAmounts = fsa;
  }
  if (formData.has('volLifeShown')) {
    body.coverageAmounts = { employee: text(formData, 'coverage.employee'), spouse: text(formData, 'coverage.spouse'), children: text(formData, 'coverage.children') };
  }
  return body;
}


/** PUT /enrollments/{id}: a 400 answers the API's own message (shown in the dialog), anything else the spec's. */
async function put(id: number, body: unknown, caller: Caller): Promise<EnrollmentActionResult> {
  const parsed = ZEnrollmentUpdate.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { ok: false, status: 400, message: first?.message ?? EnrollmentMessages.cannotCreateEnrollment };
  }
  const { token, request, context } = caller;
  const saved = await apiCall(ZEnrollment, `/enrollments/${id}`, { method: 'PUT', body, token, request, context });
  if (saved.ok) return { ok: true };
  await throwOnSessionFailure(saved);
  if (saved.status === 400) return { ok: false, status: 400, message: saved.error.message };
  console.error(`saving enrollment ${id} failed with ${saved.status}: ${saved.error.message}`);
  return { ok: false, status: saved.status >= 500 ? saved.status : 502, message: EnrollmentMessages.cannotCreateEnrollment };
}

/** The mid-year payload (document 2 section 4): a life event's own fields, added to each election it changes. */
export interface MidyearPayload {
  eventType: number;
  eventDate: string;
  reasonId?: number;
}

export function enroll(id: number, formData: FormData, caller: Caller, midyear?: MidyearPayload): Promise<EnrollmentActionResult> {
  return put(id, { ...enrollBody(formData), ...(midyear ?? {}) }, caller);
}

/** The decline form: the shared schema's rules and messages, then Declined or Waived (document 2 section 4). */
export async function decline(id: number, formData: FormData, caller: Caller, midyear?: MidyearPayload) {
  const submission = parseWithZod(formData, { schema: ZDeclineForm });
  if (submission.status !== 'success') return { submission, result: null };
  const planTypeId = Number(formData.get('planTypeId'));
  const result = await put(id, { ...declinePayload(submission.value, isWaivable(planTypeId)), ...(midyear ?? {}) }, caller);
  return { submission, result };
}

/** Next on step 4 re-reads the list: nobody moves on while a plan type is undecided. */
export async function loadEnrollmentsForNext(caller: Caller): Promise<Enrollment[] | null> {
  const { token, request, context } = caller;
  return logged(await apiCall(ZEnrollmentList, '/enrollments', { token, request, context }), 'loading enrollments');
}
