/**
 * The benchmark's floor: a bare node:http server, in its own process, that does exactly the work the portal does
 * for GET /me, GET /enrollments, the HR audit page and the census page, and nothing else: verify the HS256 token,
 * run the same Redis session check (the portal's own SessionStore, so the same script and keys), the same
 * pending-change look-up when the token carries one, the same SQL, the same JSON under the same headers. What the
 * portal does beyond this is framework cost. Started by scripts/bench.ts with the portal's environment; prints
 * its port on stdout once listening.
 */
import Redis from 'ioredis';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { loadConfig } from '../api/src/core/config/app-config';
import { permissionsFor } from '../api/src/contracts/permissions';
import { toAuthUser, type TokenPayload } from '../api/src/core/auth/auth-user';
import { BearerTokens } from '../api/src/core/auth/bearer-token';
import { SessionStore } from '../api/src/core/auth/session-store';
import { bindClientParam } from '../api/src/core/database/tenant-db';
import { API_HEADERS } from '../api/src/core/http/security-headers';
import { CURRENT_USER_SQL, CURRENT_USER_STATEMENT, toCurrentUser, type CurrentUserRow } from '../api/src/modules/auth/current-user.query';
import { ZAuditQuery } from '../api/src/contracts/audit';
import { readAuditPage, type RunSql } from '../api/src/modules/audit-logs/audit-page.query';
import { ZEmployeeListQuery } from '../api/src/contracts/employees';
import { readCensusPage } from '../api/src/modules/employees/census-page.query';
import { ENROLLMENTS_SQL, ENROLLMENTS_STATEMENT, hasElection, toEnrollment, type EnrollmentRow } from '../api/src/modules/enrollments/enrollments.query';

const config = loadConfig();
const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
const sessions = new SessionStore(redis, config);
// The same pool size as the portal's (data-source-options).
const pool = new Pool({ connectionString: config.databaseUrl, max: 20 });

// The portal's statements exactly as TenantDb sends them (the client bound after the caller's parameters).
const CURRENT_USER_TEXT = bindClientParam(CURRENT_USER_SQL, 2);
const ENROLLMENTS_TEXT = bindClientParam(ENROLLMENTS_SQL, 3);

// The portal's own token check (HS256 with the secret, alg pinned, expiry), so both do the same work.
const tokens = new BearerTokens(config.jwtSecret);

/** The portal's answer, headers included: its security headers (the same list), then the JSON's type and length. */
const send = (res: ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body);
  for (const [name, value] of API_HEADERS) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.writeHead(status).end(json);
};

async function answer(url: string, claims: TokenPayload): Promise<[number, unknown]> {
  // The same session check as the portal's guard: revoked → 401, idle → 408, else it counts as activity.
  const state = await sessions.check(claims.sid, true);
  if (state === 'revoked') return [401, { statusCode: 401, message: 'Unauthorized' }];
  if (state === 'idle' && claims.imp === null) return [408, { statusCode: 408 }];
  if (claims.rst) {
    await pool.query('SELECT password_reset, security_question_reset FROM account WHERE id = $1', [claims.sub]);
  }
  if (url.startsWith('/mbl/api/audits-hr?')) {
    // The portal's query parsing and statements (its guard has let an administrator through: same check here).
    if (!permissionsFor(toAuthUser(claims)).includes('audit:read')) return [403, { statusCode: 403 }];
    const q = ZAuditQuery.parse(Object.fromEntries(new URL(url, 'http://floor').searchParams));
    const run: RunSql = async <T>(text: string, params: unknown[]) => (await pool.query(bindClientParam(text, params.length), [...params, claims.cid])).rows as T[];
    return [200, await readAuditPage(q, null, run)];
  }
  if (url.startsWith('/mbl/api/employees?')) {
    if (!permissionsFor(toAuthUser(claims)).includes('employees:read')) return [403, { statusCode: 403 }];
    const q = ZEmployeeListQuery.parse(Object.fromEntries(new URL(url, 'http://floor').searchParams));
    const run: RunSql = async <T>(text: string, params: unknown[]) => (await pool.query(bindClientParam(text, params.length), [...params, claims.cid])).rows as T[];
    return [200, await readCensusPage(q, run, new Date().toISOString())];
  }
  if (url === '/mbl/api/me') {
    const { rows } = await pool.query<CurrentUserRow>({ name: CURRENT_USER_STATEMENT, text: CURRENT_USER_TEXT, values: [claims.sub, claims.emp, claims.cid] });
    return rows[0] ? [200, toCurrentUser(rows[0], { impersonatorId: claims.imp, impersonationReason: toAuthUser(claims).impersonationReason, agencyId: claims.ag, permissions: permissionsFor(toAuthUser(claims)) }, new Date())] : [404, { statusCode: 404 }];
  }
  const { rows } = await pool.query<EnrollmentRow>({ name: ENROLLMENTS_STATEMENT, text: ENROLLMENTS_TEXT, values: [claims.emp, true, new Date().toISOString(), claims.cid] });
  return [200, rows.filter(hasElection).map(toEnrollment)];
}

const server = createServer((req, res) => {
  const token = tokens.check(req.headers.authorization);
  if (!token.ok) return send(res, 401, { statusCode: 401, message: 'Unauthorized' });
  const claims = token.payload;
  if (req.url !== '/mbl/api/me' && req.url !== '/mbl/api/enrollments' && !req.url?.startsWith('/mbl/api/audits-hr?') && !req.url?.startsWith('/mbl/api/employees?')) {
    return send(res, 404, { statusCode: 404 });
  }
  answer(req.url, claims).then(
    ([status, body]) => send(res, status, body),
    () => send(res, 500, { statusCode: 500 }),
  );
});

server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));

const stop = () => {
  server.close();
  void Promise.allSettled([pool.end(), redis.quit()]).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
