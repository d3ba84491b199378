import { z } from 'zod';
import { centsToDecimal, parseMoney } from './engine/money';
import { DENTAL_TYPES, MEDICAL_TYPES, VISION_TYPES } from './engine/plan-types';
import { ZEnrollmentStatus } from './enrollments';
import { ZMoney } from './plans';
import type { ElectionWindow } from './enrollment-window';

/** Texts of the Summary step and the dashboard. */
export const DashboardMessages = {
  plansYouElected: 'Plans You Elected',
  plansYouDeclined: 'Plans You Declined',
  noDeclinedPlans: 'You have not declined any plans',
  notEnrolledInAny: 'You are not enrolled in any plans',
  canStillChange: 'You can still make changes to your benefits',
  modifySelections: 'Modify Selections',
  // The date and the days left, rather than only 'You have N day(s) left.' / 'Today is the last day.', so the
  // employee knows the actual deadline.
  deadline: (what: string, endDate: string, days: number) =>
    days < 1 ? `${what} ends today, ${endDate}.` : `${what} ends on ${endDate} (${days} ${days === 1 ? 'day' : 'days'} left)`,
  noCarrierLinks: 'There are no available carrier links',
  // Not spec texts: the enrollment issues the spec lists without wording them.
  undecidedPlans: (planTypes: readonly string[]) => `Please make a selection for all plans: ${planTypes.join(', ')}`,
  beneficiariesIncomplete: (detail: string) => `Your beneficiary designation is not complete: ${detail}`,
  eoiRequired: (planName: string) => `Evidence of Insurability Form is required for this level of coverage (${planName})`,
  dependentIncomplete: (name: string) => `The information about your dependent ${name} is not complete`,
  overageDisabled: 'You may need to submit supporting documentation in order to enroll an overage, totally disabled dependent.',
  signatureMissing: 'Please sign your enrollment',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Plan enrollment (summary view): GET /summary and GET /employees/{id}/summary

export const ZPlanEnrollmentSummary = z.object({
  enrollmentId: z.number().int(),
  planId: z.number().int().nullable(),
  planTypeId: z.number().int(),
  /** Group name ('Group Medical'). */
  planType: z.string(),
  /** The chosen plan; for a declined type, the group name. */
  planName: z.string(),
  status: ZEnrollmentStatus,
  /** 'First Last' of the covered dependents. */
  dependents: z.array(z.string()),
  /** MM/DD/YYYY, shown as Effective From. */
  eligibilityDate: z.string().nullable(),
  effectiveToDate: z.string().nullable(),
  policyNumber: z.string().nullable(),
  memberNumber: z.string().nullable(),
  /** Employee cost per pay period. */
  contributionAmount: ZMoney,
  /** The employee's cost over a year of paychecks. */
  annualContributionAmount: ZMoney,
  /** What the employer pays toward this plan per pay period, and over a year. */
  employerContributionAmount: ZMoney,
  annualEmployerContributionAmount: ZMoney,
  /** Paychecks a year, which the per-year amounts are counted on (named with payFrequencyName). */
  payPeriods: z.number().int(),
  /** The coverage level the amounts are priced at ('Husband/Wife'): the tier the covered people make; null without tiers. */
  tierLabel: z.string().nullable(),
});
export type PlanEnrollmentSummary = z.infer<typeof ZPlanEnrollmentSummary>;

/** How each status reads on the dashboard, the summary and the review before signing. */
export const ENROLLMENT_STATUS_TEXT: Record<PlanEnrollmentSummary['status'], string> = { '1': 'Enrolled', '0': 'Not selected', '-1': 'Waived', '-2': 'Declined' };
export const ZPlanEnrollmentSummaryList = z.array(ZPlanEnrollmentSummary);

export interface SummaryTables {
  elected: PlanEnrollmentSummary[];
  declined: PlanEnrollmentSummary[];
  /** Sum of the elected plans' contributions per pay period. */
  totalContribution: string;
  /** The same over a year, and what the employer pays toward the elected plans in a year. */
  annualTotalContribution: string;
  annualEmployerTotal: string;
}

/** 'Plans You Elected' (Enrolled) and 'Plans You Declined' (Waived or Declined); undecided rows are in neither. */
export function summaryTables(list: readonly PlanEnrollmentSummary[]): SummaryTables {
  const elected = list.filter((r) => r.status === '1');
  const declined = list.filter((r) => r.status === '-1' || r.status === '-2');
  const annual = (pick: (r: PlanEnrollmentSummary) => string) => centsToDecimal(elected.reduce((sum, r) => sum + (parseMoney(pick(r)) ?? 0), 0));
  return {
    elected,
    declined,
    totalContribution: totalContribution(elected),
    annualTotalContribution: annual((r) => r.annualContributionAmount),
    annualEmployerTotal: annual((r) => r.annualEmployerContributionAmount),
  };
}

/** Sum of contributions (decimal strings) in cents, answered as a decimal string. */
export function totalContribution(rows: ReadonlyArray<{ contributionAmount: string; status?: string }>): string {
  return centsToDecimal(rows.filter((r) => r.status === undefined || r.status === '1').reduce((sum, r) => sum + (parseMoney(r.contributionAmount) ?? 0), 0));
}

// ---------------------------------------------------------------------------------------------------------
// Carrier links: GET /carrier-links

export const ZCarrierLinkRow = z.object({
  planId: z.number().int(),
  planTypeId: z.number().int(),
  planName: z.string(),
  carrier: z.string().nullable(),
  medicalDirectory: z.string().nullable(),
  rxDirectory: z.string().nullable(),
  dentalDirectory: z.string().nullable(),
  visionDirectory: z.string().nullable(),
});
export type CarrierLinkRow = z.infer<typeof ZCarrierLinkRow>;
export const ZCarrierLinkList = z.array(ZCarrierLinkRow);

export type CarrierCategory = 'Medical' | 'Dental' | 'Vision';

/** Plan type 1 is Medical; 2, 32, 42 Dental; 8, 38, 48 Vision; others have no card. */
export function carrierCategory(planTypeId: number): CarrierCategory | null {
  if (MEDICAL_TYPES.includes(planTypeId)) return 'Medical';
  if (DENTAL_TYPES.includes(planTypeId)) return 'Dental';
  if (VISION_TYPES.includes(planTypeId)) return 'Vision';
  return null;
}

/** The link's host name as the card shows it; null for anything that is not an http(s) URL. */
export function linkHost(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname : null;
  } catch {
    return null;
  }
}

export interface CarrierLinkItem {
  category: CarrierCategory;
  /** 'Medical directory', 'Rx directory', 'Dental directory' or 'Vision directory'. */
  label: string;
  url: string;
  host: string;
  planName: string;
}

/**
 * The Carrier links card: per plan, the directories of its category (medical and Rx for medical plans),
 * each with its host name; links that are not http(s) URLs are left out. Empty: 'There are no available
 * carrier links'.
 */
export function carrierLinkItems(rows: readonly CarrierLinkRow[]): CarrierLinkItem[] {
  const items: CarrierLinkItem[] = [];
  for (const r of rows) {
    const category = carrierCategory(r.planTypeId);
    if (!category) continue;
    const candidates: Array<[string, string | null]> =
      category === 'Medical'
        ? [
            ['Medical directory', r.medicalDirectory],
            ['Rx directory', r.rxDirectory],
          ]
        : category === 'Dental'
          ? [['Dental directory', r.dentalDirectory]]
          : [['Vision directory', r.visionDirectory]];
    for (const [label, url] of candidates) {
      const host = linkHost(url);
      if (url && host) items.push({ category, label, url, host, planName: r.planName });
    }
  }
  return items;
}

// ---------------------------------------------------------------------------------------------------------
// Enrollment issues: GET /tasks and GET /employees/{id}/tasks

export const ZEnrollmentIssue = z.object({
  label: z.string(),
  /** A file to open for the issue (a form to fill in), or null. */
  fileId: z.number().int().nullable(),
});
export type EnrollmentIssue = z.infer<typeof ZEnrollmentIssue>;
export const ZEnrollmentIssueList = z.array(ZEnrollmentIssue);

/**
 * The signed-in employee's dashboard in one answer: what GET /summary?view=signed, GET /tasks and
 * GET /carrier-links answer, read in one request, so the page pays for one guard, one session check and one round trip.
 */
export const ZDashboardPage = z.object({
  summary: ZPlanEnrollmentSummaryList,
  tasks: ZEnrollmentIssueList,
  carrierLinks: ZCarrierLinkList,
});
export type DashboardPage = z.infer<typeof ZDashboardPage>;

// ---------------------------------------------------------------------------------------------------------
// 'You can still make changes to your benefits' card

export interface ChangeWindow {
  show: boolean;
  daysLeft: number;
  message: string | null;
}

const WINDOW_NAMES = { 'open-enrollment': 'Open enrollment', 'new-hire': 'Your new-hire enrollment window' } as const;

/** 'Open enrollment ends on 12/15/2026 (30 days left)'; on the last day 'Open enrollment ends today, 12/15/2026.' */
export const deadlineMessage = (window: keyof typeof WINDOW_NAMES, endDate: string, days: number): string =>
  DashboardMessages.deadline(WINDOW_NAMES[window], endDate, days);

/**
 * The card, from the election window GET /me answers (contracts/enrollment-window.ts, counted in the
 * client's calendar): shown while open enrollment or the new-hire window is open, with its last day; a life
 * event has a wizard of its own.
 */
export function changeWindow(window: ElectionWindow): ChangeWindow {
  if (!window.open || window.why === 'life-event' || window.why === null || window.lastDay === null || window.daysLeft === null) return { show: false, daysLeft: 0, message: null };
  return { show: true, daysLeft: window.daysLeft, message: deadlineMessage(window.why, window.lastDay, window.daysLeft) };
}
