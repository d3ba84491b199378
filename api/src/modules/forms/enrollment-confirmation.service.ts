import { Inject, Injectable } from '@nestjs/common';
import { ENROLLMENT_STATUS_TEXT, type PlanEnrollmentSummary } from '../../contracts/dashboard';
import { formatUsd, parseMoney, payFrequencyName, perPeriodToAnnual } from '../../contracts/engine/money';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { TenantDb } from '../../core/database/tenant-db';
import { MailService } from '../../core/mail/mail.service';
import { SignatureService } from './signature.service';

/** Where the confirmation email's link leads: a site page that opens the latest signed summary after sign-in. */
export const SIGNED_SUMMARY_PATH = '/mbl/signed-summary';

const cents = (decimal: string) => parseMoney(decimal) ?? 0;

/**
 * Finishing (or re-signing) the enrollment sends a confirmation email with what was
 * signed and a link to the signed summary that needs a login (no token in the mail). One email per
 * signature: the idempotency key is the signature's id, so finishing twice after one signature sends once.
 */
@Injectable()
export class EnrollmentConfirmationService {
  constructor(
    private readonly db: TenantDb,
    private readonly signatures: SignatureService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(employeeId: number): Promise<void> {
    const signature = await this.signatures.latestRow(employeeId);
    if (!signature) return;
    const [person] = await this.db.query<{ client_id: number; first_name: string | null; to_address: string | null }>(
      `SELECT e.client_id, e.first_name, coalesce(a.email, e.email, a.username) AS to_address
         FROM employee e LEFT JOIN account a ON a.id = e.account_id
        WHERE e.id = $1 AND e.client_id = $client`,
      [employeeId],
    );
    if (!person?.to_address) return;
    const s = signature.summary;
    const elected = s.elections.filter((e) => e.status === '1');
    const total = elected.reduce((sum, e) => sum + cents(e.contributionAmount), 0);
    await this.mail.enqueue({
      template: 'enrollment-confirmation',
      to: person.to_address,
      clientId: person.client_id,
      idempotencyKey: `enrollment-confirmation:${signature.id}`,
      data: {
        firstName: person.first_name,
        clientName: s.clientName,
        elections: s.elections.map((e) => {
          const enrolled = e.status === '1';
          return {
            planType: e.planType,
            status: ENROLLMENT_STATUS_TEXT[e.status as PlanEnrollmentSummary['status']] ?? e.status,
            planName: enrolled ? e.planName : null,
            perPaycheck: enrolled ? formatUsd(cents(e.contributionAmount)) : null,
            perYear: enrolled ? formatUsd(perPeriodToAnnual(cents(e.contributionAmount), s.payPeriods)) : null,
          };
        }),
        totalPerPaycheck: formatUsd(total),
        totalPerYear: formatUsd(perPeriodToAnnual(total, s.payPeriods)),
        payFrequency: payFrequencyName(s.payPeriods),
        summaryUrl: `${this.config.publicUrl}${SIGNED_SUMMARY_PATH}`,
      },
    });
  }
}
