import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ZEmail } from '../../contracts/account';
import { type EmployeeListPage, type EmployeeListQuery, type PersonalData } from '../../contracts/employees';
import { readCensusPage, readEmployeeProgress } from './census-page.query';
import type { CensusProgress } from '../../contracts/census-progress';
import { Clock } from '../../core/clock/clock';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { RateLimiter } from '../../core/redis/rate-limiter';
import { fullName } from '../../contracts/common';

/** Registration's username checks per IP in the window: plenty for a form, too few to list addresses. */
export const USERNAME_CHECKS_PER_IP = 60;
export const USERNAME_CHECK_WINDOW_SECONDS = 15 * 60;


const notFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });

@Injectable()
export class EmployeesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /** One page of the census of the acting client (search, group, progress, paging; census-page.query.ts). */
  /** The welcome email went out: the message board's first progress flag and its date. */
  async markWelcomeSent(employeeId: number): Promise<void> {
    await this.db.query('UPDATE employee SET welcome_email_sent_at = now() WHERE id = $1 AND client_id = $client', [employeeId]);
  }

  /** The employee's new account (created with the welcome email). */
  async linkAccount(employeeId: number, accountId: number): Promise<void> {
    await this.db.query('UPDATE employee SET account_id = $1 WHERE id = $2 AND client_id = $client', [accountId, employeeId]);
  }

  list(query: EmployeeListQuery): Promise<EmployeeListPage> {
    return readCensusPage(query, (text, params) => this.db.query(text, params), this.clock.nowIso());
  }

  /** The census record's progress line: the list's rule for one employee of the acting client. */
  async progress(id: number): Promise<CensusProgress> {
    const found = await readEmployeeProgress(id, (text, params) => this.db.query(text, params), this.clock.nowIso());
    if (!found) throw notFound();
    return found;
  }

  /**
   * The census's username check, for HR or an agent of the acting client: a valid email
   * that no other account uses; for an employee of the client (the edit form), their own account's address counts
   * as free.
   */
  async validateUsername(username: string | undefined, employeeId: number | null): Promise<boolean> {
    let ownAccount: number | null = null;
    if (employeeId !== null) {
      const rows = await this.db.query<{ account_id: number | null }>('SELECT account_id FROM employee WHERE id = $1 AND client_id = $client', [employeeId]);
      if (!rows[0]) throw notFound();
      ownAccount = rows[0].account_id;
    }
    return this.addressFree(username, ownAccount);
  }

  /**
   * Registration's username check, for the account a valid registration link belongs to (the caller checked the
   * link): throttled per IP, since the link alone lets its holder ask.
   */
  async registrationAddressFree(username: string | undefined, accountId: number): Promise<boolean> {
    if ((await this.limiter.hit(`username-check:ip:${this.context.ip ?? 'unknown'}`, USERNAME_CHECK_WINDOW_SECONDS)) > USERNAME_CHECKS_PER_IP) {
      throw new HttpException({ statusCode: 429, message: Messages.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
    }
    return this.addressFree(username, accountId);
  }

  /** A valid email that no account but `ownAccount` uses as its email or username. */
  private async addressFree(username: string | undefined, ownAccount: number | null): Promise<boolean> {
    const parsed = ZEmail.safeParse(username);
    if (!parsed.success) return false;
    const taken: unknown[] = await this.dataSource.query('SELECT 1 FROM account WHERE (email = $1 OR username = $1) AND id IS DISTINCT FROM $2 LIMIT 1', [
      parsed.data,
      ownAccount,
    ]);
    return taken.length === 0;
  }

  /**
   * Clear SSN and income of the token's employee (or, for the census, an employee of the acting client),
   * after the unlock guard; every read is audited.
   */
  async personalData(employeeId: number = this.context.ownEmployeeId()): Promise<PersonalData> {
    const rows = await this.db.query<{ ssn_enc: string | null; income_enc: string | null; first_name: string; last_name: string }>(
      'SELECT ssn_enc, income_enc, first_name, last_name FROM employee WHERE id = $1 AND client_id = $client',
      [employeeId],
    );
    const row = rows[0];
    if (!row) throw notFound();
    await this.audit.record({
      employeeId,
      eventType: 'Personal data',
      actionType: 'unlock',
      // Names the fields shown, never their values.
      description: `Secured data viewed (SSN, income) of ${fullName({ firstName: row.first_name, lastName: row.last_name })}`,
    });
    return { ssn: this.cipher.decrypt(row.ssn_enc), income: this.cipher.decrypt(row.income_enc) };
  }
}
