import { z } from 'zod';
import { emptyToUndefined } from './common';

/**
 * Why an administrator or agent acts as an employee: one of a short
 * list, with words of their own (required for Other). The text it makes (impersonationReasonText) is what
 * the banner shows, what every audit entry made while acting keeps and what the employee's email says.
 */
export const IMPERSONATION_REASONS = ['enrollment', 'record', 'phone', 'other'] as const;
export type ImpersonationReasonCode = (typeof IMPERSONATION_REASONS)[number];

export const IMPERSONATION_REASON_TEXT: Record<ImpersonationReasonCode, string> = {
  enrollment: 'Help with enrollment',
  record: 'Correct a record',
  phone: 'Employee asked by phone',
  other: 'Other',
};

/** Short enough for one line of the banner and a log column; it also travels in the session's token. */
export const IMPERSONATION_DETAILS_MAX = 200;

export const ImpersonationMessages = {
  dialogTitle: (name: string) => `Log in as ${name}`,
  intro: 'The employee will see who acted for them and why in their audit log, and they will receive an email saying so.',
  reasonLegend: 'Reason',
  detailsLabel: 'Details',
  detailsHint: `Required for Other. Up to ${IMPERSONATION_DETAILS_MAX} characters.`,
  reasonRequired: 'Please choose a reason',
  detailsRequired: 'Please describe the reason',
  detailsTooLong: `Details should contain maximum of ${IMPERSONATION_DETAILS_MAX} characters`,
  detailsInvalid: 'Details cannot contain control characters',
  submit: 'Log in as employee',
  cancel: 'Cancel',
  bannerReason: (reason: string) => `Reason: ${reason}`,
  /** My Audit Log and the HR Audit Log: who acted for whom, and why. */
  actedFor: (actor: string, employee: string) => `${actor} acting for ${employee}`,
  reasonOf: (reason: string) => `Reason: ${reason}`,
} as const;

// C0 and C1 controls (line breaks and tabs too: the reason is one line), the line and paragraph separators
// and the bidirectional overrides, which could make a banner or an email read otherwise than it is stored.
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export const ZImpersonationRequest = z
  .object({
    reason: z.enum(IMPERSONATION_REASONS, { error: ImpersonationMessages.reasonRequired }),
    details: z.preprocess(
      emptyToUndefined,
      z
        .string({ error: ImpersonationMessages.detailsInvalid })
        .trim()
        .max(IMPERSONATION_DETAILS_MAX, ImpersonationMessages.detailsTooLong)
        .refine((v) => !CONTROL_CHARACTERS.test(v), ImpersonationMessages.detailsInvalid)
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.details) ctx.addIssue({ code: 'custom', path: ['details'], message: ImpersonationMessages.detailsRequired });
  });
export type ImpersonationRequest = z.infer<typeof ZImpersonationRequest>;

/** 'Help with enrollment: her new address' ('Other' gives way to the words alone). */
export function impersonationReasonText(request: ImpersonationRequest): string {
  if (!request.details) return IMPERSONATION_REASON_TEXT[request.reason];
  return request.reason === 'other' ? request.details : `${IMPERSONATION_REASON_TEXT[request.reason]}: ${request.details}`;
}
