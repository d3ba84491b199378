import type { EmailRenderer } from '../../core/mail/email-renderer';

/** What a custom email is made of: the campaign's subject and message, the client's frame, the recipient's name. */
export interface CustomEmail {
  /** As stored with the campaign (HR's, or defaultSubject when left empty). */
  subject: string;
  /** Sanitised (core/html/rich-text) before it was stored or previewed. */
  commentHtml: string;
  clientName: string;
  headerColor: string | null;
  firstName: string | null;
}

/**
 * A custom email as its recipient receives it. The campaign's sender and Communications'
 * preview both call this, so what HR previews is what is sent.
 */
export function renderCustomEmail(renderer: EmailRenderer, c: CustomEmail): { subject: string; html: string; text: string } {
  const data = { brand: { headerColor: c.headerColor }, firstName: c.firstName, clientName: c.clientName, bodyHtml: c.commentHtml, subject: c.subject };
  const subject = renderer.renderSubject('custom-message', data);
  return { subject, ...renderer.render('custom-message', data, subject) };
}
