import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CurrentUser, LoginResponse } from '../../contracts/auth';
import type { AuthUser } from '../../core/auth/auth-user';
import { SessionStore } from '../../core/auth/session-store';
import { TokenService } from '../../core/auth/token.service';
import type { Account } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { CURRENT_USER_SQL, toCurrentUser, type CurrentUserRow } from './current-user.query';

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
  ) {}

  async login(account: Account): Promise<LoginResponse> {
    const client = await this.accounts.homeClientOf(account);
    if (!client) throw new UnauthorizedException();
    const employee = await this.accounts.findEmployeeOf(account.id);
    const jwt = await this.tokens.issue({
      sub: account.id,
      emp: employee?.id ?? null,
      cid: client.id,
      adm: account.roleType === 1,
      ag: account.agencyId,
      tu: account.testUser,
      imp: null,
    });
    await this.accounts.touchLogin(account.id);
    return { jwt, version: client.version };
  }

  async logout(user: AuthUser): Promise<void> {
    await this.sessions.revoke(user.sessionId);
  }

  async currentUser(user: AuthUser): Promise<CurrentUser> {
    const rows = (await this.dataSource.query(CURRENT_USER_SQL, [user.accountId, user.employeeId, user.clientId])) as CurrentUserRow[];
    const row = rows[0];
    if (!row) throw new NotFoundException();
    return toCurrentUser(row, { impersonatorId: user.impersonatorId, agencyId: user.agencyId });
  }

  async setStep(user: AuthUser, step: number): Promise<void> {
    if (user.accountId === null) throw new NotFoundException();
    await this.accounts.setRegistrationStep(user.accountId, step);
  }
}
