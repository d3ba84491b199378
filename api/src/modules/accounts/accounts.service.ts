import { Clock } from '../../core/clock/clock';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashSecret, verifySecret } from '../../core/auth/passwords';
import { insertRow, selectRows, updateRows, type Writable } from '../../core/database/sql-table';
import { TenantDb } from '../../core/database/tenant-db';
import { employeeTable, type Employee } from '../employees/employee.table';
import { clientTable, type Client } from '../tenancy/client.table';
import { accountTable, type Account } from './account.table';

/** Spent on unknown usernames so that they take as long to refuse as a wrong password. */
let dummyHash: Promise<string> | undefined;

@Injectable()
export class AccountsService {
  constructor(private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly db: TenantDb,
  ) {}

  /** The account a login names (username first, then email, both case-insensitive), with its password hash; null when none does. */
  async findForLogin(login: string): Promise<Account | null> {
    const [account] = await selectRows(this.dataSource, accountTable, 'a', 'a.username = $1 OR a.email = $1', [login.trim()], {
      secret: ['passwordHash'],
      orderBy: 'a.username = $1 DESC',
      limit: 1,
    });
    return account ?? null;
  }

  /** True when the password is the account's; an unknown account costs the same time as a known one. */
  async verifyLogin(account: Account | null, password: string): Promise<boolean> {
    if (!account?.passwordHash) {
      dummyHash ??= hashSecret('not-a-real-password');
      await verifySecret(await dummyHash, password);
      return false;
    }
    return verifySecret(account.passwordHash, password);
  }

  /** MM/DD/YYYY of a terminated employee's termination date once it has passed in the client's calendar (sign-in ends with it); else null. */
  async accessEnded(accountId: number): Promise<string | null> {
    const rows: Array<{ ended: string }> = await this.dataSource.query(
      `SELECT to_char(e.termination_date, 'MM/DD/YYYY') AS ended FROM employee e JOIN client c ON c.id = e.client_id
        WHERE e.account_id = $1 AND e.terminated AND e.termination_date < ($2::timestamptz AT TIME ZONE c.time_zone)::date`,
      [accountId, this.clock.nowIso()],
    );
    return rows[0]?.ended ?? null;
  }

  async verifyPassword(accountId: number, password: string): Promise<boolean> {
    const [account] = await selectRows(this.dataSource, accountTable, 'a', 'a.id = $1', [accountId], { secret: ['passwordHash'] });
    return verifySecret(account?.passwordHash, password);
  }

  async findById(id: number): Promise<Account | null> {
    const [account] = await selectRows(this.dataSource, accountTable, 'a', 'a.id = $1', [id]);
    return account ?? null;
  }

  /** Before sign-in the account's employee record is what names its client. */
  async findEmployeeOf(accountId: number): Promise<Employee | null> {
    const [employee] = await selectRows(this.dataSource, employeeTable, 'e', 'e.account_id = $1', [accountId], { acrossClients: true, limit: 1 });
    return employee ?? null;
  }

  /** The client an account works in: its own, or for an agent the first client of its agency by name. */
  async homeClientOf(account: Account): Promise<Client | null> {
    const [client] =
      account.clientId !== null
        ? await selectRows(this.dataSource, clientTable, 'c', 'c.id = $1', [account.clientId])
        : account.agencyId !== null
          ? await selectRows(this.dataSource, clientTable, 'c', 'c.agency_id = $1', [account.agencyId], { orderBy: 'c.name, c.id', limit: 1 })
          : [];
    return client ?? null;
  }

  async touchLogin(accountId: number): Promise<void> {
    await updateRows(this.dataSource, accountTable, { lastLoginAt: this.clock.now() }, 'id = {1}', [accountId]);
  }

  // The account table is written only here; each write joins the caller's transaction (TenantDb.manager), so
  // the change and its audit entry commit together.

  /** A new account (an employee's, an HR administrator's); answers its id. */
  create(values: Writable<Account>): Promise<number> {
    return insertRow(this.db.manager, accountTable, values);
  }

  /** Changes an account's fields by id (updated_at follows). */
  async update(accountId: number, values: Writable<Account>): Promise<void> {
    await updateRows(this.db.manager, accountTable, values, 'id = {1}', [accountId]);
  }

  /**
   * Moves a step of an account of the acting client to `to`, only from one of `from` (any step when null), so
   * two tabs racing cannot both move it; `reopen` stamps the registration's reopening. False when no row moved.
   */
  async moveStep(accountId: number, step: 'registration' | 'onboarding', to: number, from: readonly number[] | null, reopen = false): Promise<boolean> {
    const column = step === 'registration' ? 'registration_step' : 'onboarding_step';
    const [, moved] = (await this.db.query(
      `UPDATE account SET ${column} = $2${reopen ? ', registration_reopened_at = now()' : ''}
        WHERE id = $1 AND client_id = $client AND ($3::int[] IS NULL OR ${column} = ANY($3::int[]))`,
      [accountId, to, from],
    )) as unknown as [unknown, number];
    return moved > 0;
  }

  /**
   * Onboarding's Account Settings: the email and security question, and the registration's account step done,
   * only while the registration still waits at `from` (false otherwise).
   */
  async settleAccountStep(accountId: number, email: string, securityQuestionId: number, securityAnswerHash: string, from: number, to: number): Promise<boolean> {
    const [, moved] = (await this.db.query(
      `UPDATE account SET email = $2, security_question_id = $3, security_answer_hash = $4, registration_step = $5
        WHERE id = $1 AND client_id = $client AND registration_step = $6`,
      [accountId, email, securityQuestionId, securityAnswerHash, to, from],
    )) as unknown as [unknown, number];
    return moved > 0;
  }

  /** The registration step of an employee's account of the acting client (none without an account). */
  async setRegistrationStepOfEmployee(employeeId: number, to: number): Promise<void> {
    await this.db.query(
      `UPDATE account SET registration_step = $2 WHERE client_id = $client AND id = (SELECT account_id FROM employee WHERE id = $1 AND client_id = $client)`,
      [employeeId, to],
    );
  }
}
