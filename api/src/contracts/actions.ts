import { z } from 'zod';
import { toIntOrUndefined } from './formats';
import { ZSignatureRequest } from './forms';
import { CensusMessages } from './messages';

/**
 * The Action Center: what HR approves after an employee signs
 * enrollment changes, after a termination, and for onboarding documents that need approval.
 */

/** Not spec texts: answers the spec leaves unworded. */
export const ActionMessages = {
  approvalNotFound: 'No approval found',
  /** Why the filter bar's Approve is disabled: it signs one employee's actions. */
  approveNeedsEmployee: 'To approve, choose one employee under Employee(s) and select Filter: Approve signs that employee\'s actions shown here.',
} as const;

/**
 * Why the filter bar's Approve cannot be used (null: it can): it approves one employee's pending actions,
 * narrowed by the plan type filter, so it needs one employee chosen and something of theirs left to approve.
 */
export function approveBlockedReason(filters: { employeeId: number | null }, pendingShown: number): string | null {
  if (filters.employeeId === null) return ActionMessages.approveNeedsEmployee;
  if (pendingShown === 0) return CensusMessages.nothingToApprove;
  return null;
}

/** statusId 1 Pending, 2 Approved (the spec names status and statusId without values: chosen here). */
export const ACTION_STATUS = { pending: 1, approved: 2 } as const;
export const ACTION_STATUS_TEXT: Record<number, string> = { 1: 'Pending', 2: 'Approved' };

/**
 * "For the Live plan type a second approval for the ADD type is also sent": approving
 * a life plan type approves its AD&D companion of the same employee on the server, in the same approval.
 */
export const LIFE_ADD_COMPANION: Readonly<Record<number, number>> = { 3: 4, 33: 34 };

/** GET /actions?employeeId=&planTypeId= (both optional; absent is All). */
export const ZActionListQuery = z.object({
  employeeId: z.preprocess(toIntOrUndefined, z.number().int().min(1).max(2_147_483_647).optional()),
  planTypeId: z.preprocess(toIntOrUndefined, z.number().int().min(1).max(999).optional()),
  /** Pending actions only (the default), or the approved ones too. */
  status: z.enum(['pending', 'all']).default('pending'),
});
export type ActionListQuery = z.output<typeof ZActionListQuery>;

export const ZActionFile = z.object({ id: z.number().int(), title: z.string() });
export type ActionFile = z.infer<typeof ZActionFile>;

export const ZAction = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  planId: z.number().int().nullable(),
  planName: z.string().nullable(),
  planTypeId: z.number().int().nullable(),
  planType: z.string().nullable(),
  status: z.string(),
  statusId: z.number().int(),
  description: z.string(),
  /** The forms to sign (pending), or their signed copies (approved). */
  files: z.array(ZActionFile),
  onboardingId: z.number().int().nullable(),
  /** ISO instant. */
  createdOn: z.string(),
  /** The approval signing this action right now, if any (the overlay follows it). */
  approvalId: z.number().int().nullable(),
});
export type Action = z.infer<typeof ZAction>;
export const ZActionList = z.array(ZAction);

/**
 * POST /actions {employeeId, planTypeId, onboardingId, signature}: approves the employee's pending actions
 * of that plan type (or that onboarding document; or all of them when both are null) with HR's signature.
 */
export const ZActionApprovalRequest = z
  .object({
    employeeId: z.preprocess(toIntOrUndefined, z.number().int().min(1).max(2_147_483_647)),
    planTypeId: z.preprocess(toIntOrUndefined, z.number().int().min(1).max(999).nullable().optional()),
    onboardingId: z.preprocess(toIntOrUndefined, z.number().int().min(1).max(2_147_483_647).nullable().optional()),
  })
  .extend(ZSignatureRequest.shape);
export type ActionApprovalRequest = z.output<typeof ZActionApprovalRequest>;

export const APPROVAL_STATES = ['signing', 'done', 'failed'] as const;
export const ZActionApproval = z.object({
  id: z.number().int(),
  status: z.enum(APPROVAL_STATES),
  formsTotal: z.number().int(),
  formsSigned: z.number().int(),
  /** The action ids this approval signs. */
  actionIds: z.array(z.number().int()),
});
export type ActionApproval = z.infer<typeof ZActionApproval>;
