/**
 * The email templates of the product. Each one is a Handlebars body in ./templates/<file> rendered inside
 * layout.hbs, plus a subject (a Handlebars string rendered as plain text when the email is enqueued).
 * Data types are per template so callers cannot forget a link or send the wrong shape.
 */
/** The employer's look in an email: its header colour (checked as a hex colour when rendered). */
export interface EmailBrand {
  headerColor?: string | null;
}

export interface EmailTemplateData {
  welcome: {
    brand?: EmailBrand;
    firstName?: string | null;
    /** The employer's name, shown as "<client> uses <product> ...". */
    clientName?: string | null;
    /** Absolute link with the registration token: never logged, sealed at rest. */
    registrationUrl: string;
  };
  /** An agent invites a client's HR administrator: the registration link of an administrator account. */
  'hr-invite': {
    firstName?: string | null;
    clientName: string;
    agencyName: string;
    /** Absolute link with the registration token: never logged, sealed at rest. */
    registrationUrl: string;
  };
  'password-reset': {
    firstName?: string | null;
    /** Absolute link with the reset token: never logged, sealed at rest. */
    resetUrl: string;
    expiresInMinutes: number;
  };
  'enrollment-confirmation': {
    firstName?: string | null;
    clientName?: string | null;
    /** Every plan type as signed: its status, the plan and the cost per paycheck and per year, formatted. */
    elections: Array<{ planType: string; status: string; planName: string | null; perPaycheck: string | null; perYear: string | null }>;
    totalPerPaycheck: string;
    totalPerYear: string;
    payFrequency: string;
    /** The site's page that opens the signed summary PDF after sign-in (the link carries no token). */
    summaryUrl: string;
  };
  'open-enrollment-invite': {
    brand?: EmailBrand;
    firstName?: string | null;
    clientName?: string | null;
    /** MM/DD/YYYY: the period's last day. */
    endDate: string;
    /** The site's sign-in page (no token: the person signs in). */
    loginUrl: string;
  };
  /** The Status Dashboard's "Remind the unfinished": to an employee who has not finished. */
  'enrollment-reminder': {
    brand?: EmailBrand;
    firstName?: string | null;
    clientName?: string | null;
    /** MM/DD/YYYY: the period's last day. */
    endDate: string;
    /** The site's sign-in page (no token: the person signs in). */
    loginUrl: string;
  };
  /** Communications, Custom tab: HR's message, already sanitised (core/html/rich-text) before it was stored. */
  'custom-message': {
    brand?: EmailBrand;
    firstName?: string | null;
    clientName: string;
    bodyHtml: string;
    /** The campaign's subject (HR's, or contracts/communications defaultSubject). */
    subject: string;
  };
  /** The contact page: an employee's message to an HR or agent contact (the reply-to is the employee). */
  'contact-message': {
    employeeName: string;
    employeeEmail: string;
    clientName?: string | null;
    /** 'Contact HR' or 'Contact Insurance Agent'. */
    formTitle: string;
    /** Plain text, escaped when rendered. */
    message: string;
  };
  /** To an employee an administrator or agent began to act for: who, when and why. */
  'impersonation-notice': {
    brand?: EmailBrand;
    firstName?: string | null;
    clientName?: string | null;
    /** The administrator's or agent's name (an agent's with the agency's). */
    actorName: string;
    /** When it began, in the client's time zone with its abbreviation (contracts/engine/dates dateTimeIn). */
    startedAt: string;
    /** The reason as given (contracts/impersonation.ts), plain text escaped when rendered. */
    reason: string;
    /** My Audit Log after sign-in (the link carries no token). */
    auditUrl: string;
  };
  /** To a terminated employee: what ends and when, and COBRA only when elected. */
  'termination-notice': {
    brand?: EmailBrand;
    firstName?: string | null;
    clientName: string;
    /** MM/DD/YYYY: the client's today when HR terminated. */
    noticeDate: string;
    /** MM/DD/YYYY: also the last day the employee can sign in. */
    terminationDate: string;
    /** MM/DD/YYYY: contracts/employees coverageEndFor. */
    coverageEndDate: string;
    qualifyingEvent: string;
    /** The current elections whose coverage ends. */
    plans: Array<{ planType: string; planName: string }>;
    cobraElection: boolean;
  };
  /** HR approved a signed life event's changes (modules/life-events, the HR decision). */
  'life-event-approved': {
    firstName: string;
    /** The event's title as the wizard shows it, and in lower case for the subject. */
    eventTitle: string;
    event: string;
    /** MM/DD/YYYY: when the changed elections take effect. */
    coverageStarts: string;
  };
  /** HR sent a signed life event back: its reason, plain text escaped when rendered. */
  'life-event-rejected': {
    firstName: string;
    eventTitle: string;
    event: string;
    reason: string;
  };
  /** A signed life event still without the document it asks for, once, days after the signature. */
  'life-event-proof-reminder': {
    firstName: string;
    eventTitle: string;
    /** The document the event asks for, in lower case ('birth certificate or adoption papers'). */
    document: string;
    /** MM/DD/YYYY: the day the employee signed. */
    signedOn: string;
  };
  generic: {
    subject: string;
    /** Written by HR. Plain text (escaped, blank lines become paragraphs) unless trustedHtml. */
    body: string;
    /** Only for bodies the product itself produced or sanitised; HR input stays escaped. */
    trustedHtml?: boolean;
    senderName?: string | null;
  };
}

export type EmailTemplateName = keyof EmailTemplateData;

export interface EmailTemplateDefinition {
  /** Handlebars, rendered with { productName, ...data } and never HTML-escaped (it is a header). */
  readonly subject: string;
  readonly file: string;
}

export const EMAIL_TEMPLATES: { readonly [K in EmailTemplateName]: EmailTemplateDefinition } = {
  welcome: { subject: 'Welcome to {{productName}}: finish your registration', file: 'welcome.hbs' },
  'hr-invite': { subject: 'You are invited to administer {{clientName}} in {{productName}}', file: 'hr-invite.hbs' },
  'password-reset': { subject: 'Reset your {{productName}} password', file: 'password-reset.hbs' },
  'enrollment-confirmation': { subject: 'Your benefit elections are signed', file: 'enrollment-confirmation.hbs' },
  'open-enrollment-invite': { subject: 'Open enrollment is open until {{endDate}}', file: 'open-enrollment-invite.hbs' },
  'enrollment-reminder': { subject: 'Reminder: finish your benefit enrollment by {{endDate}}', file: 'enrollment-reminder.hbs' },
  'custom-message': { subject: '{{subject}}', file: 'custom-message.hbs' },
  'contact-message': { subject: 'Message from {{employeeName}} through {{productName}}', file: 'contact-message.hbs' },
  'impersonation-notice': { subject: '{{actorName}} acted for you in {{productName}}', file: 'impersonation-notice.hbs' },
  'termination-notice': { subject: 'Termination notice: your benefits with {{clientName}} end on {{coverageEndDate}}', file: 'termination-notice.hbs' },
  'life-event-approved': { subject: 'Your {{event}} change is approved', file: 'life-event-approved.hbs' },
  'life-event-rejected': { subject: 'Your {{event}} change needs another look', file: 'life-event-rejected.hbs' },
  'life-event-proof-reminder': { subject: 'Please upload your {{document}}', file: 'life-event-proof-reminder.hbs' },
  generic: { subject: '{{subject}}', file: 'generic.hbs' },
};

export function isEmailTemplateName(name: string): name is EmailTemplateName {
  return Object.prototype.hasOwnProperty.call(EMAIL_TEMPLATES, name);
}
