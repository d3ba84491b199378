import {
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest as Request } from 'fastify';
import { MessageCodes, Messages } from '../../contracts/messages';
import { DataSource } from 'typeorm';
import { ACCESS_KEY, ALLOW_IDLE_KEY, ALLOW_PENDING_CHANGE_KEY, NO_ACTIVITY_KEY, type AccessRule } from './access.decorator';
import { permissionsOf, toAuthUser, type AuthUser } from './auth-user';
import { BearerTokens } from './bearer-token';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PAGE_HEADER, PageSessions } from './page-sessions';
import { SessionStore } from './session-store';
import { RequestContext } from '../context/request-context';

interface RouteRules {
  rule: AccessRule | undefined;
  allowIdle: boolean;
  notActivity: boolean;
  allowPendingChange: boolean;
}

/** The one global guard: every route declares its access rule, and a route without one is refused. */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);
  private readonly tokens: BearerTokens;
  private readonly rulesByHandler = new WeakMap<object, RouteRules>();

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
    private readonly pageSessions: PageSessions,
    private readonly dataSource: DataSource,
    private readonly requestContext: RequestContext,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.tokens = new BearerTokens(config.jwtSecret);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { rule, allowIdle, notActivity, allowPendingChange } = this.routeRules(context);
    if (!rule) {
      this.logger.error(`route ${context.getClass().name}.${context.getHandler().name} has no access rule`);
      throw new ForbiddenException();
    }
    if (rule === 'public') return true;

    const request = context.switchToHttp().getRequest<Request & { user: AuthUser }>();
    const token = this.tokens.check(request.headers.authorization);
    if (!token.ok) {
      if (token.reason === 'expired') throw new UnauthorizedException({ statusCode: 401, message: Messages.sessionExpired, messageCode: MessageCodes.tokenExpired });
      throw new UnauthorizedException({ statusCode: 401, message: 'Unauthorized' });
    }
    const user = toAuthUser(token.payload);
    request.user = user;
    // From here on services read the client and the acting accounts from the context (core/context).
    this.requestContext.setUser(user);

    const touch = !notActivity && !allowIdle;
    // The reads of one site page share one check (core/auth/page-sessions.ts); a write checks its own and makes
    // the page's later reads check again (it may have ended or revived the session).
    const header = request.headers[PAGE_HEADER];
    const page = typeof header === 'string' ? header : undefined;
    if (page !== undefined && request.method !== 'GET') this.pageSessions.forget(page);
    const state =
      request.method === 'GET'
        ? await this.pageSessions.check(page, `${user.sessionId}:${touch ? 1 : 0}`, () => this.sessions.check(user.sessionId, touch))
        : await this.sessions.check(user.sessionId, touch);
    if (state === 'revoked') throw new UnauthorizedException({ statusCode: 401, message: 'Unauthorized' });
    // Impersonating sessions have no activity check.
    if (state === 'idle' && !allowIdle && user.impersonatorId === null) {
      throw new HttpException(
        { statusCode: HttpStatus.REQUEST_TIMEOUT, message: Messages.sessionExpiredModal, messageCode: MessageCodes.sessionIdle },
        HttpStatus.REQUEST_TIMEOUT,
      );
    }

    if (user.pendingChange && !allowPendingChange) {
      await this.refusePendingChange(user.accountId);
    }

    if (rule !== 'user' && !permissionsOf(user).includes(rule)) {
      // The spec's own words where it has them (a test user who tries to impersonate).
      if (rule === 'impersonate' && user.testUser) throw new ForbiddenException({ statusCode: 403, message: Messages.testUserCannotImpersonate });
      throw new ForbiddenException();
    }
    return true;
  }

  /** A route's access metadata, read once per handler: it is fixed when the app starts. */
  private routeRules(context: ExecutionContext): RouteRules {
    const handler = context.getHandler();
    let rules = this.rulesByHandler.get(handler);
    if (!rules) {
      const targets = [handler, context.getClass()];
      rules = {
        rule: this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_KEY, targets),
        allowIdle: this.reflector.get<boolean | undefined>(ALLOW_IDLE_KEY, handler) === true,
        notActivity: this.reflector.get<boolean | undefined>(NO_ACTIVITY_KEY, handler) === true,
        allowPendingChange: this.reflector.getAllAndOverride<boolean | undefined>(ALLOW_PENDING_CHANGE_KEY, targets) === true,
      };
      this.rulesByHandler.set(handler, rules);
    }
    return rules;
  }

  /**
   * Only sessions that began with a pending change pay for this look-up; once the person has made the
   * change, the same token works everywhere again.
   */
  private async refusePendingChange(accountId: number | null): Promise<void> {
    const rows = (await this.dataSource.query(`SELECT password_reset, security_question_reset FROM account WHERE id = $1`, [accountId])) as {
      password_reset: boolean;
      security_question_reset: boolean;
    }[];
    const row = rows[0];
    if (row?.password_reset) throw new ForbiddenException({ statusCode: 403, message: Messages.passwordChangedByAdmin, messageCode: MessageCodes.passwordChangeRequired });
    if (row?.security_question_reset) {
      throw new ForbiddenException({ statusCode: 403, message: Messages.securityQuestionChangeRequired, messageCode: MessageCodes.securityQuestionChangeRequired });
    }
  }
}
