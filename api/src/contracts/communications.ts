import { z } from 'zod';
import { emptyToUndefined } from './common';
import { Messages } from './messages';

/** Communications, the contact page. */
export const CommunicationMessages = {
  sent: 'Emails sent successfully!',
  serverError: 'Server error',
  contactSent: 'Your message has been sent!',
  contactError: 'Error, when trying to send your message',
  noContacts: 'List of contacts is empty for now',
  comeBackLater: 'Try to come back here later',
  // Not spec texts.
  noRecipients: 'Choose at least one employee',
  noPeriod: 'There is no open enrollment period to invite to',
  commentRequired: 'Write the message to send',
  unknownRecipients: 'Some chosen employees cannot receive this email: refresh the list and try again',
  campaignNotFound: 'No such campaign',
  subjectMax: 'Subject should contain maximum of 150 characters',
  subjectOneLine: 'Subject cannot contain line breaks or other control characters',
  previewTitle: 'Preview',
  recipientNotFound: 'No such employee',
} as const;

/** The longest subject HR may write. */
export const SUBJECT_MAX_LENGTH = 150;

/** A custom email's subject when HR leaves it empty. */
export function defaultSubject(clientName: string): string {
  return `A message from ${clientName}`;
}

/** Optional; blank is absent (the default applies). One line: a line break in a header would forge headers. */
export const ZCampaignSubject = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z
    .string()
    .trim()
    .max(SUBJECT_MAX_LENGTH, CommunicationMessages.subjectMax)
    .refine((v) => !/[\p{Cc}\u2028\u2029]/u.test(v), CommunicationMessages.subjectOneLine)
    .optional(),
);

/** The text of HR's message, tags left out: empty means there is nothing to send. */
const commentText = (comment: string | null | undefined) => (comment ?? '').replace(/<[^>]*>/g, '').trim();

/** 'There is 1 employee that is not properly set up…' / 'There are N employees…'. */
export function notSetUpWarning(count: number): string {
  return count === 1
    ? 'There is 1 employee that is not properly set up. They will not get email notifications.'
    : `There are ${count} employees that are not properly set up. They will not get email notifications.`;
}

/** Email types; 4 is the Status Dashboard's "Remind the unfinished". */
export const EmailType = { Welcome: 1, OpenEnrollmentInvite: 2, Custom: 3, EnrollmentReminder: 4 } as const;
export type EmailType = (typeof EmailType)[keyof typeof EmailType];
export const EMAIL_TYPE_LABELS: Readonly<Record<EmailType, string>> = { 1: 'Welcome Email', 2: 'Open Enrollment Invite', 3: 'Custom', 4: 'Enrollment Reminder' };

/** Progress flags: bit 1 welcome email sent, bit 2 account created. */
export const ProgressFlag = { WelcomeEmailSent: 1, AccountCreated: 2 } as const;
export const hasFlag = (flags: number, flag: number): boolean => (flags & flag) === flag;

/**
 * Who can receive each type: an address on file always; the welcome email only before the account is made. The
 * server's recipient query applies the same rule in SQL (campaigns.service ELIGIBLE).
 */
export function canReceive(type: EmailType, e: { email: string | null; progressTracking: number }): boolean {
  if (e.email === null) return false;
  return type === EmailType.Welcome ? !hasFlag(e.progressTracking, ProgressFlag.AccountCreated) : true;
}

/** The longest custom message kept (HTML after sanitising). */
export const COMMENT_MAX_LENGTH = 20_000;

export const ZMessageBoardEmployee = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** Null: not properly set up (no email), so never a recipient. */
  email: z.string().nullable(),
  progressTracking: z.number().int(),
  welcomeEmailSentDate: z.string().nullable(),
  registrationDate: z.string().nullable(),
});
export type MessageBoardEmployee = z.infer<typeof ZMessageBoardEmployee>;

export const ZCampaignProgress = z.object({
  id: z.number().int(),
  emailType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  createdOn: z.string(),
  /** A custom email's subject as sent; null for the other types. */
  subject: z.string().nullable(),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  done: z.boolean(),
  /** The recipients that failed, with why (a code, never the server's text). */
  failures: z.array(z.object({ employeeId: z.number().int(), firstName: z.string(), lastName: z.string(), reason: z.string() })),
});
export type CampaignProgress = z.infer<typeof ZCampaignProgress>;

export const ZMessageBoard = z.object({
  employees: z.array(ZMessageBoardEmployee),
  openEnrollmentPeriod: z
    .object({
      id: z.number().int(),
      endDate: z.string(),
      /** Employee id → the email the invite went to (invites sent for this period). */
      emails: z.record(z.string(), z.string()),
    })
    .nullable(),
  /** [active employees, registered, not properly set up]; index 2 drives the warning. */
  userCounts: z.array(z.number().int()).length(3),
  /** The newest campaign of each type, so a page opened mid-campaign shows its progress. */
  campaigns: z.array(ZCampaignProgress),
  /** What a custom email without a subject is sent with: 'A message from {client}'. */
  defaultSubject: z.string(),
});
export type MessageBoard = z.infer<typeof ZMessageBoard>;

/** POST /send-emails: recipients as a map of employee id to email. */
export const ZSendEmailsRequest = z
  .object({
    recipients: z.record(z.string().regex(/^\d{1,9}$/), z.string().max(320)).default({}),
    /** Every employee who can receive this type (select all), instead of naming them one by one. */
    all: z.boolean().optional(),
    emailType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])),
    comment: z.string().max(COMMENT_MAX_LENGTH * 2).optional().nullable(),
    /** Custom emails only: empty sends 'A message from {client}' (defaultSubject). */
    subject: ZCampaignSubject,
    periodId: z.coerce.number().int().positive().optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (!v.all && Object.keys(v.recipients).length === 0) ctx.addIssue({ code: 'custom', path: ['recipients'], message: CommunicationMessages.noRecipients });
    if (v.emailType === EmailType.Custom && !commentText(v.comment)) ctx.addIssue({ code: 'custom', path: ['comment'], message: CommunicationMessages.commentRequired });
  });
export type SendEmailsRequest = z.infer<typeof ZSendEmailsRequest>;

/** POST /campaigns/preview: a custom email as one recipient would receive it, before it is sent. */
export const ZCampaignPreviewRequest = z
  .object({
    subject: ZCampaignSubject,
    comment: z.string().max(COMMENT_MAX_LENGTH * 2).optional().nullable(),
    /** Whose email to show (their first name greets them); absent: the first employee who can receive it. */
    employeeId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().max(2_147_483_647).optional()),
  })
  .superRefine((v, ctx) => {
    if (!commentText(v.comment)) ctx.addIssue({ code: 'custom', path: ['comment'], message: CommunicationMessages.commentRequired });
  });
export type CampaignPreviewRequest = z.infer<typeof ZCampaignPreviewRequest>;

export const ZCampaignPreview = z.object({
  /** The subject line exactly as sent. */
  subject: z.string(),
  /** The whole email as sent (the client's header and the footer around HR's message), for a sandboxed frame. */
  html: z.string(),
  text: z.string(),
  /** The recipient it is shown for; null when no one can receive it yet. */
  recipient: z.object({ employeeId: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type CampaignPreview = z.infer<typeof ZCampaignPreview>;

export const ZSendEmailsResponse = z.object({
  campaign: ZCampaignProgress,
  /** True when the same kind of campaign was already running: nothing new was sent. */
  alreadyRunning: z.boolean(),
});
export type SendEmailsResponse = z.infer<typeof ZSendEmailsResponse>;

/** Contacts. */
export const CONTACT_TYPES = ['hr', 'agent'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const CONTACT_FORM_TITLES: Readonly<Record<ContactType, string>> = { hr: 'Contact HR', agent: 'Contact Insurance Agent' };

export const ZContact = z.object({
  contactId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  contactType: z.enum(CONTACT_TYPES),
});
export type Contact = z.infer<typeof ZContact>;
export const ZContactList = z.array(ZContact);

/** The contact form: contactId and message required. */
export const MESSAGE_MAX_LENGTH = 5000;
export const ZContactMessage = z.object({
  contactId: z.preprocess(emptyToUndefined, z.coerce.number({ error: Messages.fieldRequired }).int(Messages.fieldRequired).positive(Messages.fieldRequired)),
  message: z.preprocess(emptyToUndefined, z.string({ error: Messages.fieldRequired }).trim().min(1, Messages.fieldRequired).max(MESSAGE_MAX_LENGTH)),
  contactType: z.enum(CONTACT_TYPES),
});
export type ContactMessage = z.infer<typeof ZContactMessage>;

/** How long the contact page's messages stay. */
export const FEEDBACK_MS = 5000;
