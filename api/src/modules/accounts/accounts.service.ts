import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashSecret, verifySecret } from '../../core/auth/passwords';
import { selectRows, updateRows } from '../../core/database/sql-table';
import { employeeTable, type Employee } from '../employees/employee.table';
import { clientTable, type Client } from '../tenancy/client.table';
import { accountTable, type Account } from './account.table';

/** Spent on unknown usernames so that they take as long to refuse as a wrong password. */
let dummyHash: Promise<string> | undefined;

@Injectable()
export class AccountsService {
  constructor(private readonly dataSource: DataSource) {}

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

  /** MM/DD/YYYY of a terminated employee's termination date once it has passed (sign-in ends with it); else null. */
  async accessEnded(accountId: number): Promise<string | null> {
    const rows: Array<{ ended: string }> = await this.dataSource.query(
      `SELECT to_char(termination_date, 'MM/DD/YYYY') AS ended FROM employee WHERE account_id = $1 AND terminated AND termination_date < current_date`,
      [accountId],
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
    await updateRows(this.dataSource, accountTable, { lastLoginAt: new Date() }, 'id = {1}', [accountId]);
  }
}
