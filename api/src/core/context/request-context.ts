import { Injectable, NotFoundException } from '@nestjs/common';
import { Messages } from '../../contracts/messages';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';

/** Who does the work and for which client: set once per request (the access guard) or per job (the workers). */
export interface Acting {
  /** The client the work belongs to. */
  clientId: number;
  /** The account that performs it: the signed-in account, the impersonating administrator or agent, or a job's requester (null: the system). */
  accountId: number | null;
  /** The employee's account while an administrator or agent acts as them. */
  onBehalfOf: number | null;
  /** Why the administrator or agent acts as the employee (with onBehalfOf only). */
  reason: string | null;
}

interface ContextStore {
  /** The caller's address, worked out when first asked (Fastify's request.ip walks the trusted proxy chain). */
  ip: () => string | null;
  user?: AuthUser;
  acting?: Acting;
}

const noAddress = () => null;

/** A bug, not a user's mistake: tenant data was reached outside a signed-in request or a job's context. */
export class NoTenantContextError extends Error {
  constructor(what: string) {
    super(`${what} needs a tenant context (a signed-in request or a job run through RequestContext.runAs)`);
  }
}

/**
 * The request-scoped context (one AsyncLocalStorage store per request or job): the client, the acting and
 * on-behalf-of accounts and the client address. Services read it instead of taking them as arguments.
 * Plain AsyncLocalStorage rather than nestjs-cls: that module always registers a global guard and a global
 * interceptor (no-ops when unmounted), and the interceptor alone puts an rxjs pipeline on every request.
 */
@Injectable()
export class RequestContext {
  private readonly storage = new AsyncLocalStorage<ContextStore>();
  /**
   * The open transaction, apart from the store: a transaction may run where there is no request or job (the
   * seed), and a new request store (forClient) must not drop the transaction it runs in.
   */
  private readonly transactions = new AsyncLocalStorage<EntityManager>();

  /**
   * Runs the rest of a request (its guards, pipes and handler) in a store of its own. createApp calls it from
   * the last hook before the handler, after the body is read: a body arrives in stream events, which would
   * run outside a store entered any earlier.
   */
  enter(ip: () => string | null, next: () => void): void {
    this.storage.run({ ip }, next);
  }

  /** The access guard's signed-in session. */
  setUser(user: AuthUser): void {
    const store = this.storage.getStore();
    if (!store) throw new NoTenantContextError('A signed-in request');
    store.user = user;
    store.acting = actingOf(user);
  }

  /** The signed-in session (routes other than public ones always have one). */
  get user(): AuthUser {
    const user = this.storage.getStore()?.user;
    if (!user) throw new NoTenantContextError('This call');
    return user;
  }

  get acting(): Acting {
    const acting = this.storage.getStore()?.acting;
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
    return this.storage.getStore()?.ip() ?? null;
  }

  /** System work of no one client (the re-drive sweep, the ticks): tenant data stays out of reach. */
  runSystem<T>(work: () => Promise<T>): Promise<T> {
    return this.storage.run({ ip: noAddress }, work);
  }

  /**
   * An agent's work on another client of its agency, once the caller has checked that the client is
   * the agency's: the same account, session and address, that client's scope (TenantDb, audit entries).
   */
  forClient<T>(clientId: number, work: () => Promise<T>): Promise<T> {
    const store = this.storage.getStore();
    const user = this.user;
    const scoped: AuthUser = { ...user, clientId };
    return this.storage.run({ ip: store?.ip ?? noAddress, user: scoped, acting: actingOf(scoped) }, work);
  }

  /** Runs work inside a transaction: every statement TenantDb runs without its own manager joins it. */
  inTransaction<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
    return this.transactions.run(manager, work);
  }

  /**
   * The transaction the work runs in, if any. One that has ended (work left running after its commit) is no
   * longer offered: its connection went back to the pool.
   */
  get transaction(): EntityManager | undefined {
    const manager = this.transactions.getStore();
    return manager?.queryRunner && !manager.queryRunner.isReleased && manager.queryRunner.isTransactionActive ? manager : undefined;
  }

  /** Runs work outside a request (a job) in the context its payload names; never from an AuthUser. */
  runAs<T>(job: { clientId: number; requestedBy: number | null }, work: () => Promise<T>): Promise<T> {
    return this.storage.run({ ip: noAddress, acting: { clientId: job.clientId, accountId: job.requestedBy, onBehalfOf: null, reason: null } }, work);
  }
}

/** While impersonating, the administrator performs the change on behalf of the employee's account. */
function actingOf(user: AuthUser): Acting {
  return {
    clientId: user.clientId,
    accountId: user.impersonatorId ?? user.accountId,
    onBehalfOf: user.impersonatorId !== null ? user.accountId : null,
    reason: user.impersonatorId !== null ? user.impersonationReason : null,
  };
}
