import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { QUEUE_DASHBOARD_REFUSED, QueueDashboardMessages } from '../../contracts/queue-dashboard';
import { permissionsOf, toAuthUser, type AuthUser } from '../../core/auth/auth-user';
import { BearerTokens } from '../../core/auth/bearer-token';
import { SessionStore } from '../../core/auth/session-store';
import { AuditService } from '../../core/audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { sameOriginAllowed } from '../../core/http/same-origin';
import { servedOverHttps } from '../../core/http/security-headers';
import { ALL_QUEUES } from '../../core/queues/queue-names';
import { cookieValue } from '../employer-forms/forms-session';
import { dashboardAuditEntry } from './dashboard-audit';
import { dashboardCsp } from './dashboard-csp';
import { DASHBOARD_COOKIE, DASHBOARD_PATH, DashboardSessions } from './dashboard-sessions';

const READS = new Set(['GET', 'HEAD']);

/**
 * bull-board on the API's Fastify instance at /mbl/api/admin/queues, showing every queue of the registry
 * (core/queues/queue-names.ts). bull-board's routes are Fastify's, not Nest's, so the access guard never sees
 * them: one onRequest hook over the whole mount (page, static files, JSON API) does the guard's work (the token,
 * from a Bearer header or the dashboard's cookie; the server-side session; 'queues:manage'), and answers anyone
 * else Fastify's own 404, the answer of an address that does not exist.
 */
@Injectable()
export class QueueDashboard {
  private readonly logger = new Logger(QueueDashboard.name);
  private readonly tokens: BearerTokens;
  /** Each admitted request's session, for the audit entry of what it changed. */
  private readonly admitted = new WeakMap<FastifyRequest, AuthUser>();
  private policy: string | null = null;

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly sessions: SessionStore,
    private readonly dashboardSessions: DashboardSessions,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.tokens = new BearerTokens(config.jwtSecret);
  }

  async mount(app: NestFastifyApplication): Promise<void> {
    const board = new BullBoardFastifyAdapter();
    board.setBasePath(DASHBOARD_PATH);
    const queues = ALL_QUEUES.map((name) => new BullMQAdapter(this.moduleRef.get<Queue>(getQueueToken(name), { strict: false })));
    createBullBoard({ queues, serverAdapter: board, options: { uiConfig: { boardTitle: `${this.config.productName} queues` } } });

    await app.register(
      async (scope: FastifyInstance) => {
        scope.addHook('onRequest', async (request, reply) => {
          if (await this.enter(request, reply)) return reply;
          const user = await this.admit(request);
          // Exactly the answer of an unknown address, headers included: nothing tells that the dashboard is here.
          if (!user) return reply.callNotFound();
          this.admitted.set(request, user);
          const template = (request.routeOptions.url ?? '').slice(DASHBOARD_PATH.length);
          if (!READS.has(request.method) && QUEUE_DASHBOARD_REFUSED.has(template)) {
            return reply.code(403).send({ statusCode: 403, message: QueueDashboardMessages.refused });
          }
          // The API's headers are already set (createApp); the dashboard's page gets its own policy.
          reply.raw.setHeader('Content-Security-Policy', this.csp());
          return undefined;
        });
        // Every change is audited once it has succeeded, before its answer leaves: bull-board's actions are Redis
        // commands, which no database transaction can hold together with the entry. A hook on the mount, rather
        // than a wrapper around each queue adapter or bull-board's handler hooks, sees every changing route (one
        // a later bull-board adds too) with the session that made it, and no change has a way around it.
        scope.addHook('onSend', async (request, reply, payload) => {
          const user = this.admitted.get(request);
          const template = request.routeOptions.url;
          if (!user || template === undefined || reply.statusCode >= 400) return payload;
          const entry = dashboardAuditEntry(request.method, template.slice(DASHBOARD_PATH.length), request.params as Record<string, string | undefined>);
          if (entry) await this.audit.recordAs({ clientId: null, accountId: user.accountId }, entry);
          return payload;
        });
        await scope.register(board.registerPlugin());
      },
      { prefix: DASHBOARD_PATH },
    );
    this.logger.debug(`queue dashboard at ${DASHBOARD_PATH} (${ALL_QUEUES.length} queues)`);
  }

  /** Worked out on first use from bull-board's files (2.6 MB of scripts): no cost to a process that never serves it. */
  private csp(): string {
    if (this.policy === null) {
      const ui = join(dirname(require.resolve('@bull-board/ui/package.json')), 'dist');
      const js = join(ui, 'static', 'js');
      const scripts = readdirSync(js, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
      this.policy = dashboardCsp(
        readFileSync(join(ui, 'index.ejs'), 'utf8'),
        scripts.map((f) => readFileSync(join(js, f), 'utf8')),
      );
    }
    return this.policy;
  }

  /**
   * The site's way in: `?ticket=` on the entry becomes the dashboard's cookie and the address loses it (303). A
   * ticket that does not work is answered like any unknown address.
   */
  private async enter(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const { ticket } = (request.query ?? {}) as { ticket?: unknown };
    if (request.method !== 'GET' || ticket === undefined) return false;
    const session = typeof ticket === 'string' ? await this.dashboardSessions.exchange(ticket) : null;
    if (!session) {
      reply.callNotFound();
      return true;
    }
    void reply
      .header('Set-Cookie', this.dashboardSessions.cookie(session, servedOverHttps(this.config.publicUrl, request.protocol)))
      .redirect(`${DASHBOARD_PATH}/`, 303);
    return true;
  }

  /** The session behind the request when it may use the dashboard, else null (and the caller answers 404). */
  private async admit(request: FastifyRequest): Promise<AuthUser | null> {
    const cookie = cookieValue(request.headers.cookie, DASHBOARD_COOKIE);
    let authorization = request.headers.authorization;
    if (authorization === undefined && cookie !== null) {
      const token = await this.dashboardSessions.tokenOf(cookie);
      if (token === null) return null;
      // A browser's change must come from the portal's own pages (the cookie is SameSite=Strict as well).
      if (!sameOriginAllowed({ method: request.method, headers: request.headers }, this.config.publicUrl)) return null;
      authorization = `Bearer ${token}`;
    }
    const token = this.tokens.check(authorization);
    if (!token.ok) return null;
    const user = toAuthUser(token.payload);
    if (user.pendingChange !== null || !permissionsOf(user).includes('queues:manage')) return null;
    // The page's own polling of its JSON is not the person's activity; opening a page or changing something is.
    const activity = !READS.has(request.method) || !(request.routeOptions.url ?? '').startsWith(`${DASHBOARD_PATH}/api/`);
    const state = await this.sessions.check(user.sessionId, activity);
    return state === 'active' ? user : null;
  }
}
