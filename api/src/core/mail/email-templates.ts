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
  /** Communications, Custom tab: HR's message, already sanitised (core/html/rich-text) before it was stored. */
  'custom-message': {
    brand?: EmailBrand;
    firstName?: string | null;
    clientName: string;
    bodyHtml: string;
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
  'password-reset': { subject: 'Reset your {{productName}} password', file: 'password-reset.hbs' },
  'enrollment-confirmation': { subject: 'Your benefit elections are signed', file: 'enrollment-confirmation.hbs' },
  'open-enrollment-invite': { subject: 'Open enrollment is open until {{endDate}}', file: 'open-enrollment-invite.hbs' },
  'custom-message': { subject: 'A message from {{clientName}}', file: 'custom-message.hbs' },
  'contact-message': { subject: 'Message from {{employeeName}} through {{productName}}', file: 'contact-message.hbs' },
  generic: { subject: '{{subject}}', file: 'generic.hbs' },
};

export function isEmailTemplateName(name: string): name is EmailTemplateName {
  return Object.prototype.hasOwnProperty.call(EMAIL_TEMPLATES, name);
}
