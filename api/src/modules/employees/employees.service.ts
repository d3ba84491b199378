import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ZEmail } from '../../contracts/account';
import { type EmployeeListPage, type EmployeeListQuery, type PersonalData } from '../../contracts/employees';
import { readCensusPage } from './census-page.query';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { RateLimiter } from '../../core/redis/rate-limiter';
import { fullName } from '../../contracts/common';

/** Public username checks per IP in the window: plenty for a form, too few to list addresses. */
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
  ) {}

  /** One page of the census of the acting client (search, group, paging in SQL; census-page.query.ts). */
  list(query: EmployeeListQuery): Promise<EmployeeListPage> {
    return readCensusPage(query, (text, params) => this.db.query(text, params));
  }

  /**
   * Username check (document 1 section 5): a valid email that no other account uses. Public for the
   * registration form, so it is throttled per IP; the admin variant (an employee of the acting client)
   * excludes the employee's own account.
   */
  async validateUsername(username: string | undefined, employeeId: number | null): Promise<boolean> {
    if (employeeId === null && (await this.limiter.hit(`username-check:ip:${this.context.ip ?? 'unknown'}`, USERNAME_CHECK_WINDOW_SECONDS)) > USERNAME_CHECKS_PER_IP) {
      throw new HttpException({ statusCode: 429, message: Messages.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
    }
    let ownAccount: number | null = null;
    if (employeeId !== null) {
      const rows = await this.db.query<{ account_id: number | null }>('SELECT account_id FROM employee WHERE id = $1 AND client_id = $client', [employeeId]);
      if (!rows[0]) throw notFound();
      ownAccount = rows[0].account_id;
    }
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
