import { Injectable, NotFoundException } from '@nestjs/common';
import { Messages } from '../../contracts/messages';
import { ClsService, type ClsStore } from 'nestjs-cls';
import type { AuthUser } from '../auth/auth-user';

/** Who does the work and for which client: set once per request (the access guard) or per job (the workers). */
export interface Acting {
  /** The client the work belongs to. */
  clientId: number;
  /** The account that performs it: the signed-in account, the impersonating administrator or agent, or a job's requester (null: the system). */
  accountId: number | null;
  /** The employee's account while an administrator or agent acts as them. */
  onBehalfOf: number | null;
}

interface ContextStore extends ClsStore {
  ip?: string | null;
  user?: AuthUser;
  acting?: Acting;
}

/** A bug, not a user's mistake: tenant data was reached outside a signed-in request or a job's context. */
export class NoTenantContextError extends Error {
  constructor(what: string) {
    super(`${what} needs a tenant context (a signed-in request or a job run through RequestContext.runAs)`);
  }
}

/**
 * The request-scoped context (nestjs-cls, one AsyncLocalStorage per request or job): the client, the acting
 * and on-behalf-of accounts and the client address. Services read it instead of taking them as arguments.
 */
@Injectable()
export class RequestContext {
  constructor(private readonly cls: ClsService<ContextStore>) {}

  /** The access guard's signed-in session. */
  setUser(user: AuthUser): void {
    this.cls.set('user', user);
    this.cls.set('acting', actingOf(user));
  }

  /** The signed-in session (routes other than public ones always have one). */
  get user(): AuthUser {
    const user = this.cls.isActive() ? this.cls.get('user') : undefined;
    if (!user) throw new NoTenantContextError('This call');
    return user;
  }

  get acting(): Acting {
    const acting = this.cls.isActive() ? this.cls.get('acting') : undefined;
    if (!acting) throw new NoTenantContextError('This call');
    return acting;
  }

  /** The session's own employee record: an agent's session (or one without an employee) answers 404. */
  ownEmployeeId(): number {
    const { employeeId } = this.user;
    if (employeeId === null) throw new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
    return employeeId;
  }

  get clientId(): number {
    return this.acting.clientId;
  }

  /** The caller's address (null in jobs). */
  get ip(): string | null {
    return (this.cls.isActive() ? this.cls.get('ip') : undefined) ?? null;
  }

  /** System work of no one client (the re-drive sweep, the ticks): tenant data stays out of reach. */
  runSystem<T>(work: () => Promise<T>): Promise<T> {
    return this.cls.run(() => {
      this.cls.set('ip', null);
      return work();
    });
  }

  /** Runs work outside a request (a job) in the context its payload names; never from an AuthUser. */
  runAs<T>(job: { clientId: number; requestedBy: number | null }, work: () => Promise<T>): Promise<T> {
    return this.cls.run(() => {
      this.cls.set('ip', null);
      this.cls.set('acting', { clientId: job.clientId, accountId: job.requestedBy, onBehalfOf: null });
      return work();
    });
  }
}

/** While impersonating, the administrator performs the change on behalf of the employee's account. */
function actingOf(user: AuthUser): Acting {
  return {
    clientId: user.clientId,
    accountId: user.impersonatorId ?? user.accountId,
    onBehalfOf: user.impersonatorId !== null ? user.accountId : null,
  };
}
