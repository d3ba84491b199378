import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { CurrentUser, LoginResponse } from '../../contracts/auth';
import { permissionsOf } from '../../core/auth/auth-user';
import { Clock } from '../../core/clock/clock';
import { RequestContext } from '../../core/context/request-context';
import { SessionStore } from '../../core/auth/session-store';
import { TenantDb } from '../../core/database/tenant-db';
import { TokenService } from '../../core/auth/token.service';
import type { Account } from '../accounts/account.table';
import { AccountsService } from '../accounts/accounts.service';
import { RegistrationProgressService } from '../progress/registration-progress.service';
import { CURRENT_USER_SQL, CURRENT_USER_STATEMENT, toCurrentUser, type CurrentUserRow } from './current-user.query';

@Injectable()
export class AuthService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly accounts: AccountsService,
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
    private readonly progress: RegistrationProgressService,
    private readonly clock: Clock,
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
      pa: account.platformAdmin,
      imp: null,
      rst: account.passwordReset ? 'password' : account.securityQuestionReset ? 'security-question' : null,
    });
    await this.accounts.touchLogin(account.id);
    return { jwt, version: client.version };
  }

  async logout(): Promise<void> {
    await this.sessions.revoke(this.context.user.sessionId);
  }

  async currentUser(): Promise<CurrentUser> {
    const user = this.context.user;
    // A named (prepared) statement straight on the pool: GET /me runs on every page load.
    const rows = await this.db.prepared<CurrentUserRow>(CURRENT_USER_STATEMENT, CURRENT_USER_SQL, [user.accountId, user.employeeId]);
    const row = rows[0];
    if (!row) throw new NotFoundException();
    return toCurrentUser(row, { impersonatorId: user.impersonatorId, impersonationReason: user.impersonationReason, agencyId: user.agencyId, permissions: permissionsOf(user) }, this.clock.now());
  }

  /** PUT /me {step}: the server's registration progress decides (409 with what is missing). */
  async setStep(step: number): Promise<void> {
    await this.progress.record(step);
  }
}
