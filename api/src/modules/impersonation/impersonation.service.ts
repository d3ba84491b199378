import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { JwtResponse } from '../../contracts/account';
import { dateTimeIn } from '../../contracts/engine/dates';
import { impersonationReasonText, type ImpersonationRequest } from '../../contracts/impersonation';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { SessionStore } from '../../core/auth/session-store';
import { TokenService } from '../../core/auth/token.service';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { fullName } from '../../contracts/common';
import { Clock } from '../../core/clock/clock';
import { MailService } from '../../core/mail/mail.service';
import type { TokenPayload } from '../../core/auth/auth-user';

interface TargetRow {
  id: number;
  client_id: number;
  agency_id: number;
  first_name: string;
  last_name: string;
  account_id: number | null;
  registered: boolean;
  email: string | null;
  client_name: string;
  time_zone: string;
  /** The administrator or agent, as the employee's email names them. */
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_agency: string | null;
}

/**
 * 'Log in as employee': HR of the employee's client, or an agent of the agency
 * that owns it, gets a token acting as the employee that names them (imp) and the reason they gave (why).
 * Start and stop are audited, and everything done with the token is audited as performed by the
 * administrator on behalf of the employee, with that reason; the employee is emailed who, when and why.
 */
@Injectable()
export class ImpersonationService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly jwt: JwtService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(employeeId: number, request: ImpersonationRequest): Promise<JwtResponse> {
    const user = this.context.user;
    if (user.testUser) throw new ForbiddenException({ statusCode: 403, message: Messages.testUserCannotImpersonate });
    // Admin tokens always name an account; an impersonation token is never admin, so no chains.
    if (user.accountId === null || user.impersonatorId !== null) throw new ForbiddenException({ statusCode: 403, message: Messages.notWhileImpersonating });

    const rows = await this.db.query<TargetRow>(
      `SELECT e.id, e.client_id, c.agency_id, e.first_name, e.last_name, e.account_id,
              coalesce(a.password_hash IS NOT NULL, false) AS registered, nullif(coalesce(a.email, e.email), '') AS email,
              c.name AS client_name, c.time_zone, pa.first_name AS actor_first_name, pa.last_name AS actor_last_name, pg.name AS actor_agency
         FROM employee e JOIN client c ON c.id = e.client_id LEFT JOIN account a ON a.id = e.account_id
         LEFT JOIN account pa ON pa.id = $2 LEFT JOIN agency pg ON pg.id = pa.agency_id
        WHERE e.id = $1 AND e.client_id = $client`,
      [employeeId, user.accountId],
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
    const reason = impersonationReasonText(request);
    const jwt = await this.tokens.issue(
      // The reason travels in the signed token, so every request of the session knows it without a look-up.
      { sub: target.account_id, emp: target.id, cid: target.client_id, adm: false, ag: null, tu: false, imp: user.accountId, why: reason },
      ttl,
      // The administrator's logout (or password change) ends this session too.
      user.sessionId,
    );
    const { sid } = this.jwt.decode<TokenPayload>(jwt);
    const accountId = user.accountId;
    const employeeAccount = target.account_id;
    try {
      await this.db.transaction(async () => {
        // Performed by the administrator on behalf of the employee's account, as every change during the session.
        await this.audit.recordAs(
          { clientId: target.client_id, accountId, onBehalfOf: employeeAccount, impersonationReason: reason },
          { employeeId: target.id, eventType: 'Impersonation', actionType: 'impersonation-start', description: `Logged in as ${fullName({ firstName: target.first_name, lastName: target.last_name })}` },
        );
        if (target.email) {
          const actorName = fullName({ firstName: target.actor_first_name, lastName: target.actor_last_name }) || 'An administrator';
          await this.mail.enqueue(
            {
              template: 'impersonation-notice',
              to: target.email,
              data: {
                firstName: target.first_name,
                clientName: target.client_name,
                // An agent is named with the agency, so the employee knows it was their broker rather than HR.
                actorName: target.actor_agency ? `${actorName} (${target.actor_agency})` : actorName,
                startedAt: dateTimeIn(target.time_zone, this.clock.now()),
                reason,
                auditUrl: `${this.config.publicUrl}/mbl/audit`,
              },
              // One notice per impersonation session.
              idempotencyKey: `impersonation-notice:${sid}`,
              clientId: target.client_id,
            },
          );
        }
      });
    } catch (error) {
      // Nobody acts unrecorded: a session whose start could not be audited is ended at once.
      await this.sessions.revoke(sid);
      throw error;
    }
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
