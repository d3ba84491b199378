import {
  annualFromPerPeriodText,
  centsToDecimal,
  declinePayload,
  DEPENDENT_TYPES,
  HOUSEHOLD_OPTIONS,
  tierForDependents,
  EnrollmentMessages,
  EnrollmentStatus,
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
  hasTiers,
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
import { dependentEligibility, isWaivable, openingTab, preselectedPlanId, type DialogTab } from './enrollment-rules';
import { throwOnSessionFailure } from './shell.server';

/** Server side of the Benefits Enrollment step. */

export interface EnrollDialogData {
  enrollment: Enrollment;
  /** The group's plans in the current period, each priced for `pricedFor`. */
  plans: Plan[];
  /** The dependents (ids, comma separated) the plans' prices are for: those chosen when the dialog opened. */
  pricedFor: string;
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
  /** The household every column is priced for (the tier switch), null for types without tiers. */
  household: number | null;
}

/** A plan as step 4's list shows it: the page sends the browser only this (the dialogs load what they draw). */
export type PlanListEntry = Pick<Plan, 'id' | 'title' | 'planTypeId' | 'restricted' | 'price'>;

function planListEntry(p: Plan): PlanListEntry {
  return { id: p.id, title: p.title, planTypeId: p.planTypeId, restricted: p.restricted, price: p.price };
}

export interface EnrollmentStepData {
  enabled: boolean;
  enrollments: Enrollment[];
  plans: PlanListEntry[];
  /** Current plans from earlier periods (the 'Compare your current plan with the new plans' link). */
  previousPlans: PlanListEntry[];
  /** "Cannot fetch user's enrollments" when the lists could not be read. */
  loadError: string | null;
  dialog: EnrollDialogData | null;
  summary: PlanSummaryData | null;
  compare: CompareData | null;
  /** A dialog that could not be opened: its toast. */
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

/** What the loader works with: the whole plans, which the dialogs and the comparison draw from. */
interface EnrollmentStepState extends Omit<EnrollmentStepData, 'plans' | 'previousPlans'> {
  plans: Plan[];
  previousPlans: Plan[];
}

/** Everything step 4 draws, plus the dialog its address asks for (?enroll=, ?summary=, ?compare=). */
export async function loadEnrollmentStep(url: URL, user: CurrentUser, caller: Caller): Promise<EnrollmentStepData> {
  const empty: EnrollmentStepState = {
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
  // One call answers both lists: the plans offered now, and those of an earlier period the employee is still in.
  const [enrollments, withCurrent] = await Promise.all([
    apiCall(ZEnrollmentList, '/enrollments', { token, request, context }).then((r) => logged(r, 'loading enrollments')),
    apiCall(ZPlanList, '/plans?includeCurrent=1', { token, request, context }).then((r) => logged(r, 'loading plans')),
  ]);
  if (!enrollments || !withCurrent) return { ...empty, loadError: EnrollmentMessages.cannotFetchEnrollments };
  const plans = withCurrent.filter((p) => p.offered);
  const previousPlans = withCurrent.filter((p) => p.current && !p.offered);
  const data: EnrollmentStepState = { ...empty, enrollments, plans, previousPlans };

  const enrollId = idParam(url, 'enroll');
  const summaryId = idParam(url, 'summary');
  const compareId = idParam(url, 'compare');
  const enrollment = enrollments.find((e) => e.id === (enrollId ?? compareId));
  if (enrollId !== null && enrollment) data.dialog = await loadDialog(url, enrollment, data, user, caller);
  if (compareId !== null && enrollment) {
    data.compare = await loadCompare(url, enrollment, data, caller);
    if (data.compare.plans.length === 0) data.notice = 'Error, when trying to fetch plans group info';
  }
  if (summaryId !== null) {
    data.summary = await loadPlanSummary(`/plans/${summaryId}`, enrollments, data.payPeriods, caller);
    if (!data.summary) data.notice = 'Error, when trying to fetch plan info';
    else data.summary = { ...data.summary, plan: await pricedForElection(data.summary.plan, data.summary.enrollment, caller) };
  }
  return { ...data, plans: data.plans.map(planListEntry), previousPlans: data.previousPlans.map(planListEntry) };
}

/** The group's plans priced by the server for one set of people or one household. */
async function pricedPlans(planTypeId: number, question: string, caller: Caller, fallback: Plan[]): Promise<Plan[]> {
  const { token, request, context } = caller;
  const priced = await apiCall(ZPlanList, `/plans?type=${planTypeId}&includeCurrent=1&${question}`, { token, request, context }).then((r) => logged(r, 'pricing plans'));
  if (!priced) return fallback;
  const byId = new Map(priced.map((p) => [p.id, p]));
  return fallback.map((p) => byId.get(p.id) ?? p);
}

/**
 * The Plan Summary's plan priced at the tier the election's people make in it (a plan shown
 * beside the employee's choice is not priced at Single), as the dialog and Compare price it; a plan without tiers
 * keeps its own price ('from $X' before a choice).
 */
async function pricedForElection(plan: Plan, enrollment: Enrollment | null, caller: Caller): Promise<Plan> {
  if (!enrollment || !DEPENDENT_TYPES.includes(plan.planTypeId) || !hasTiers(plan.tierStructure)) return plan;
  const people = enrollment.status === EnrollmentStatus.Enrolled ? enrollment.dependents.join(',') : '';
  const [priced] = await pricedPlans(plan.planTypeId, `dependents=${people}`, caller, [plan]);
  return priced ?? plan;
}

/** Compare Plans: every column priced for ?tier= (a household), else for the dependents the election covers. */
async function loadCompare(url: URL, enrollment: Enrollment, step: EnrollmentStepState, caller: Caller): Promise<CompareData> {
  const plans = step.plans.filter((p) => p.planTypeId === enrollment.planTypeId);
  const previous = step.previousPlans.filter((p) => p.planTypeId === enrollment.planTypeId);
  const tiered = [...plans, ...previous].some((p) => p.tiers.length > 0);
  const base: CompareData = { payPeriods: step.payPeriods, enrollment, plans, previous, household: null };
  if (!tiered) return base;
  const asked = Number(url.searchParams.get('tier'));
  let household: number;
  let question: string;
  if (HOUSEHOLD_OPTIONS.some((o) => o.value === asked)) {
    household = asked;
    question = `tier=${asked}`;
  } else {
    const all = await loadDependents(caller);
    const chosen = all.filter((d) => enrollment.dependents.includes(d.id));
    // The household those people make, named as structure 4 names it (the switch's options).
    household = tierForDependents(4, chosen.map((d) => ({ relationshipTypeId: d.relationshipTypeId ?? 0 }))) ?? 1;
    question = `dependents=${chosen.map((d) => d.id).join(',')}`;
  }
  const priced = await pricedPlans(enrollment.planTypeId, question, caller, [...plans, ...previous]);
  const offered = new Set(plans.map((p) => p.id));
  return { ...base, plans: priced.filter((p) => offered.has(p.id)), previous: priced.filter((p) => !offered.has(p.id)), household };
}

async function loadDialog(url: URL, enrollment: Enrollment, step: EnrollmentStepState, user: CurrentUser, caller: Caller): Promise<EnrollDialogData> {
  const { token, request, context } = caller;
  const offered = step.plans.filter((p) => p.planTypeId === enrollment.planTypeId);
  const asked = idParam(url, 'plan');
  const planId = preselectedPlanId(offered, enrollment.planId, asked);
  const lookup = planId ?? offered[0]?.id ?? null;
  const [dependents, employee, reasons, limits, coverages] = await Promise.all([
    loadDependents(caller),
    loadEmployee(caller),
    isWaivable(enrollment.planTypeId)
      ? apiCall(ZOptionList, '/options?type=waiverReason', { token, request, context }).then((r) => logged(r, 'loading waiver reasons'))
      : Promise.resolve([]),
    lookup !== null ? apiCall(ZPlanLimits, `/plans/${lookup}/limits`, { token, request, context }).then((r) => logged(r, 'loading plan limits')) : Promise.resolve(null),
    lookup !== null ? apiCall(ZPlanCoverage, `/plans/${lookup}/coverages`, { token, request, context }).then((r) => logged(r, 'loading coverages')) : Promise.resolve(null),
  ]);
  // Priced for the people the dependents form starts with: those of the election eligible for the chosen plan.
  const chosenPlan = offered.find((p) => p.id === lookup);
  const withPeople = DEPENDENT_TYPES.includes(enrollment.planTypeId) && chosenPlan !== undefined && hasTiers(chosenPlan.tierStructure);
  const pricedFor = withPeople
    ? dependents
        .filter((d) => enrollment.dependents.includes(d.id) && dependentEligibility(chosenPlan, d, employee.gender, user.today).eligible)
        .map((d) => d.id)
        .join(',')
    : '';
  const plans = withPeople ? await pricedPlans(enrollment.planTypeId, `dependents=${pricedFor}`, caller, offered) : offered;
  return {
    enrollment,
    plans,
    pricedFor,
    currentPlan: step.previousPlans.find((p) => p.planTypeId === enrollment.planTypeId) ?? null,
    planId,
    tab: openingTab(enrollment, url.searchParams.get('tab'), asked !== null),
    dependents,
    employeeGender: employee.gender,
    limits: limits && limits.kind !== 'none' ? limits : null,
    coverages,
    waiverReasons: reasons ?? [],
    payPeriods: user.payPeriods ?? 26,
    // The client's today from the server's clock, not this machine's.
    today: user.today,
  };
}

/**
 * The Plan Summary's data. `plan` is the plan's address for the person it is priced for: `/plans/{id}` for the
 * signed-in employee, `/plans-hr/{id}/{employee}` for an employee in the census.
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

/** The mid-year payload: a life event's own fields, added to each election it changes. */
export interface MidyearPayload {
  eventType: number;
  eventDate: string;
  reasonId?: number;
}

export function enroll(id: number, formData: FormData, caller: Caller, midyear?: MidyearPayload): Promise<EnrollmentActionResult> {
  return put(id, { ...enrollBody(formData), ...(midyear ?? {}) }, caller);
}

/** The decline form: the shared schema's rules and messages, then Declined or Waived. */
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
