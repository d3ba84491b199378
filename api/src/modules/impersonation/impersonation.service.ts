import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { JwtResponse } from '../../contracts/account';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { SessionStore } from '../../core/auth/session-store';
import { TokenService } from '../../core/auth/token.service';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { fullName } from '../../contracts/common';

interface TargetRow {
  id: number;
  client_id: number;
  agency_id: number;
  first_name: string;
  last_name: string;
  account_id: number | null;
  registered: boolean;
}

/**
 * 'Log in as employee' (document 3 section 2.1): HR of the employee's client, or an agent of the agency
 * that owns it, gets a token acting as the employee that names them (imp). Start and stop are audited,
 * and everything done with the token is audited as performed by the administrator on behalf of the employee.
 */
@Injectable()
export class ImpersonationService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(employeeId: number): Promise<JwtResponse> {
    const user = this.context.user;
    if (user.testUser) throw new ForbiddenException({ statusCode: 403, message: Messages.testUserCannotImpersonate });
    // Admin tokens always name an account; an impersonation token is never admin, so no chains.
    if (user.accountId === null || user.impersonatorId !== null) throw new ForbiddenException({ statusCode: 403, message: Messages.notWhileImpersonating });

    const rows = await this.db.query<TargetRow>(
      `SELECT e.id, e.client_id, c.agency_id, e.first_name, e.last_name, e.account_id,
              coalesce(a.password_hash IS NOT NULL, false) AS registered
         FROM employee e JOIN client c ON c.id = e.client_id LEFT JOIN account a ON a.id = e.account_id
        WHERE e.id = $1 AND e.client_id = $client`,
      [employeeId],
    );
    const target = rows[0];
    // Another client's employee, or (for an agent) a client of another agency, does not exist for this caller.
    if (!target || (user.agencyId !== null && target.agency_id !== user.agencyId)) {
      throw new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
    }
    if (target.account_id === user.accountId || target.id === user.employeeId) {
      throw new ForbiddenException({ statusCode: 403, message: Messages.cannotImpersonateSelf });
    }
    if (target.account_id === null || !target.registered) throw new ConflictException({ statusCode: 409, message: Messages.employeeNotRegistered });

    // Never outlives the administrator's own token: the site falls back to it when this one expires.
    const ttl = Math.min(this.config.jwtTtlSeconds, user.expiresAt - Math.floor(Date.now() / 1000));
    if (ttl <= 0) throw new UnauthorizedException({ statusCode: 401, message: 'Unauthorized' });
    const jwt = await this.tokens.issue(
      { sub: target.account_id, emp: target.id, cid: target.client_id, adm: false, ag: null, tu: false, imp: user.accountId },
      ttl,
      // The administrator's logout (or password change) ends this session too.
      user.sessionId,
    );
    // Performed by the administrator on behalf of the employee's account, as every change during the session.
    await this.audit.recordAs(
      { clientId: target.client_id, accountId: user.accountId, onBehalfOf: target.account_id },
      { employeeId: target.id, eventType: 'Impersonation', actionType: 'impersonation-start', description: `Logged in as ${fullName({ firstName: target.first_name, lastName: target.last_name })}` },
    );
    return { jwt };
  }

  /** 'Return To My Account': ends the impersonation session (the administrator's own session is untouched). */
  async stop(): Promise<void> {
    const user = this.context.user;
    if (user.impersonatorId === null) throw new ForbiddenException({ statusCode: 403, message: Messages.notImpersonating });
    await this.sessions.revoke(user.sessionId);
    await this.audit.record({ employeeId: user.employeeId, eventType: 'Impersonation', actionType: 'impersonation-stop', description: 'Returned from impersonation mode' });
  }
}
