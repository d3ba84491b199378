import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { hashSecret, verifySecret } from '../../core/auth/passwords';
import { Employee } from '../employees/employee.entity';
import { Client } from '../tenancy/client.entity';
import { Account } from './account.entity';

/** Spent on unknown usernames so that they take as long to refuse as a wrong password. */
let dummyHash: Promise<string> | undefined;

@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    @InjectRepository(Employee) private readonly employees: Repository<Employee>,
    @InjectRepository(Client) private readonly clients: Repository<Client>,
  ) {}

  /** Username or email (case-insensitive) and password; null for any mismatch. */
  /** The account a login names (username first, then email), with its password hash; null when none does. */
  findForLogin(login: string): Promise<Account | null> {
    return this.accounts
      .createQueryBuilder('a')
      .addSelect('a.passwordHash')
      .where('a.username = :login OR a.email = :login', { login: login.trim() })
      .orderBy('a.username = :login', 'DESC')
      .getOne();
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

  async verifyPassword(accountId: number, password: string): Promise<boolean> {
    const account = await this.accounts.createQueryBuilder('a').addSelect('a.passwordHash').where('a.id = :id', { id: accountId }).getOne();
    return verifySecret(account?.passwordHash, password);
  }

  findById(id: number): Promise<Account | null> {
    return this.accounts.findOneBy({ id });
  }

  findEmployeeOf(accountId: number): Promise<Employee | null> {
    return this.employees.findOneBy({ accountId });
  }

  /** The client an account works in: its own, or for an agent the first client of its agency by name. */
  async homeClientOf(account: Account): Promise<Client | null> {
    if (account.clientId !== null) return this.clients.findOneBy({ id: account.clientId });
    if (account.agencyId === null) return null;
    return this.clients.findOne({ where: { agencyId: account.agencyId }, order: { name: 'ASC', id: 'ASC' } });
  }

  async touchLogin(accountId: number): Promise<void> {
    await this.accounts.update({ id: accountId }, { lastLoginAt: new Date() });
  }
}
