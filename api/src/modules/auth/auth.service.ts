import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { CurrentUser, LoginResponse } from '../../contracts/auth';
import { permissionsOf, type AuthUser } from '../../core/auth/auth-user';
import { SessionStore } from '../../core/auth/session-store';
import { TokenService } from '../../core/auth/token.service';
import type { Account } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { RegistrationProgressService } from '../progress/registration-progress.service';
import { CURRENT_USER_SQL, CURRENT_USER_STATEMENT, toCurrentUser, type CurrentUserRow } from './current-user.query';

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
    private readonly progress: RegistrationProgressService,
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
      rst: account.passwordReset ? 'password' : account.securityQuestionReset ? 'security-question' : null,
    });
    await this.accounts.touchLogin(account.id);
    return { jwt, version: client.version };
  }

  async logout(user: AuthUser): Promise<void> {
    await this.sessions.revoke(user.sessionId);
  }

  async currentUser(user: AuthUser): Promise<CurrentUser> {
    // Straight to the driver's pool as a named (prepared) statement: GET /me runs on every page load.
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const { rows } = await pool.query<CurrentUserRow>({ name: CURRENT_USER_STATEMENT, text: CURRENT_USER_SQL, values: [user.accountId, user.employeeId, user.clientId] });
    const row = rows[0];
    if (!row) throw new NotFoundException();
    return toCurrentUser(row, { impersonatorId: user.impersonatorId, agencyId: user.agencyId, permissions: permissionsOf(user) });
  }

  /** PUT /me {step}: the server's registration progress decides (409 with what is missing). */
  async setStep(user: AuthUser, step: number): Promise<void> {
    await this.progress.record(user, step);
  }
}
