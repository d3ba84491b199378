import { permissionsFor, type Permission } from '../../contracts/permissions';

export type PendingChange = 'password' | 'security-question';

/** What a signed token carries. Short keys keep the cookie small. */
export interface TokenPayload {
  /** The signed-in account, or the employee's account when impersonating (null if it has none yet). */
  sub: number | null;
  /** The employee record the token acts as, when there is one. */
  emp: number | null;
  /** The client the token works in. */
  cid: number;
  /** Admin flag: roleType 1. */
  adm: boolean;
  /** The agency of an agent. */
  ag: number | null;
  /** Test-user flag. */
  tu: boolean;
  /** Platform-administrator flag (the queue dashboard); absent in tokens signed before it existed: false. */
  pa?: boolean;
  /** Session id, tracked in Redis for logout and idle time. */
  sid: string;
  /** The administrator or agent account that is impersonating, if any. */
  imp: number | null;
  /** Why they act as the employee (contracts/impersonation.ts), kept with every audit entry of the session. */
  why?: string | null;
  /**
   * Set when the session began with a change the person must make first (an administrator's password
   * reset or a security-question reset): the guard then admits only the routes that complete it.
   */
  rst?: PendingChange | null;
  exp?: number;
  iat?: number;
}

export interface AuthUser {
  accountId: number | null;
  employeeId: number | null;
  clientId: number;
  roleType: 0 | 1;
  agencyId: number | null;
  testUser: boolean;
  platformAdmin: boolean;
  sessionId: string;
  impersonatorId: number | null;
  /** The reason given for acting as the employee (impersonation sessions only). */
  impersonationReason: string | null;
  pendingChange: PendingChange | null;
  expiresAt: number;
}

export function toAuthUser(p: TokenPayload): AuthUser {
  return {
    accountId: p.sub,
    employeeId: p.emp,
    clientId: p.cid,
    roleType: p.adm ? 1 : 0,
    agencyId: p.ag,
    testUser: p.tu,
    // Only the account's own session: an impersonation token names the employee, never this flag.
    platformAdmin: p.pa === true && p.imp === null,
    sessionId: p.sid,
    impersonatorId: p.imp,
    impersonationReason: p.imp !== null ? (p.why ?? null) : null,
    pendingChange: p.rst ?? null,
    expiresAt: p.exp ?? 0,
  };
}

/** The session's permissions (contracts/permissions.ts), from its token alone. */
export function permissionsOf(user: AuthUser): Permission[] {
  return permissionsFor(user);
}
