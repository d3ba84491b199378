import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EmployerFormMessages } from '../../contracts/employer-forms';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { sameOriginAllowed } from '../../core/http/same-origin';
import { cookieValue, FORMS_COOKIE, FormsSessions } from './forms-session';
import { PageRenderer } from './page-renderer';

/**
 * The framed pages sign in with their cookie: its session's token is handed to the usual access guard as a
 * Bearer header, so permissions and idle rules are the API's own. A change must come from the site's origin
 * (the cookie is SameSite=Strict as well). Callers without the cookie (API consumers) go through unchanged.
 */
@Injectable()
export class FormsAuthMiddleware implements NestMiddleware {
  private readonly pages = new PageRenderer();

  constructor(
    private readonly sessions: FormsSessions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Nest middleware on Fastify sees the bare Node request and response. */
  async use(req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> {
    const session = cookieValue(req.headers.cookie, FORMS_COOKIE);
    if (session === null) return next();
    const token = await this.sessions.tokenOf(session);
    const refuse = (status: number) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(this.pages.page('expired', 'Expired', { message: EmployerFormMessages.expired }));
    };
    if (!token) return refuse(401);
    if (!sameOriginAllowed({ method: req.method ?? 'GET', headers: req.headers }, this.config.publicUrl)) return refuse(403);
    req.headers.authorization = `Bearer ${token}`;
    next();
  }
}
