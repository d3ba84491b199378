import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { ClientContactInput } from '../../contracts/clients';
import { CONTACT_FORM_TITLES, CommunicationMessages, type Contact, type ContactMessage } from '../../contracts/communications';
import { fullName } from '../../contracts/common';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { MailService } from '../../core/mail/mail.service';
import { RateLimiter } from '../../core/redis/rate-limiter';

/** Messages one account may send through the contact page per hour: plenty for a person, useless for spam. */
const MESSAGES_PER_HOUR = 20;

/** The contact page: the client's HR and agent contacts, and messages to them by email. */
@Injectable()
export class ContactsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly rate: RateLimiter,
  ) {}

  /** GET /contacts. */
  async list(): Promise<Contact[]> {
    const rows = await this.db.query<{ id: number; first_name: string; last_name: string; phone: string | null; email: string; contact_type: 'hr' | 'agent' }>(
      `SELECT id, first_name, last_name, phone, email, contact_type FROM contact WHERE client_id = $client ORDER BY contact_type DESC, last_name, first_name, id`,
      [],
    );
    return rows.map((r) => ({ contactId: r.id, firstName: r.first_name, lastName: r.last_name, phone: r.phone, email: r.email, contactType: r.contact_type }));
  }

  /**
   * The acting client's contacts as its agent set them: the list replaces the old one, in the caller's
   * transaction (whose audit entry records the change). Answers the contacts as they were before.
   */
  async replaceAll(contacts: readonly ClientContactInput[]): Promise<Contact[]> {
    const before = await this.list();
    await this.db.query('DELETE FROM contact WHERE client_id = $client', []);
    for (const c of contacts) {
      await this.db.query(
        'INSERT INTO contact (client_id, contact_type, first_name, last_name, phone, email) VALUES ($client, $1, $2, $3, $4, $5)',
        [c.contactType, c.firstName, c.lastName, c.phone ?? null, c.email],
      );
    }
    return before;
  }

  /**
   * POST /contacts: the message is emailed to the contact by the workers, with the employee's name and a reply-to
   * of the employee's address. A contact of another client, or of the other form, is not found.
   */
  async send(body: ContactMessage): Promise<{ success: true }> {
    const employeeId = this.context.ownEmployeeId();
    const [contact] = await this.db.query<{ id: number; email: string; first_name: string }>(
      'SELECT id, email, first_name FROM contact WHERE id = $1 AND contact_type = $2 AND client_id = $client',
      [body.contactId, body.contactType],
    );
    if (!contact) throw new NotFoundException({ statusCode: 404, message: 'No such contact' });
    if (!(await this.rate.attempt([{ key: `contact:${this.context.acting.accountId}`, max: MESSAGES_PER_HOUR, windowSeconds: 3600 }]))) {
      throw new HttpException({ statusCode: 429, message: CommunicationMessages.contactError }, HttpStatus.TOO_MANY_REQUESTS);
    }
    const [me] = await this.db.query<{ first_name: string; last_name: string; email: string | null; client_name: string }>(
      `SELECT e.first_name, e.last_name, nullif(coalesce(a.email, e.email), '') AS email, c.name AS client_name
         FROM employee e LEFT JOIN account a ON a.id = e.account_id JOIN client c ON c.id = e.client_id
        WHERE e.id = $1 AND e.client_id = $client`,
      [employeeId],
    );
    const employeeName = fullName({ firstName: me!.first_name, lastName: me!.last_name });
    const formTitle = CONTACT_FORM_TITLES[body.contactType];
    await this.db.transaction(async () => {
      await this.mail.enqueue(
        {
          template: 'contact-message',
          to: contact.email,
          replyTo: me!.email,
          data: { employeeName, employeeEmail: me!.email ?? 'no address on file', clientName: me!.client_name, formTitle, message: body.message },
          idempotencyKey: `contact:${randomUUID()}`,
          clientId: this.context.clientId,
        },
      );
      await this.audit.record({ employeeId, eventType: 'Contact', actionType: 'create', description: `Message sent through ${formTitle}` });
    });
    return { success: true };
  }
}
