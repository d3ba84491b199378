import { redirect, type AppLoadContext } from '@remix-run/node';
import { MessageCodes, Messages, ZAgencyResponse, ZCurrentUser, type CurrentUser } from '@bp/api/contracts';
import { apiCall, type ApiFailure } from './api.server';
import {
  resolveRoute,
  showHeaderFooter,
  showSidebar,
  sidebarGroups,
  toRoutingUser,
  type RouteId,
  type SidebarGroup,
} from './routing-rules';
import { activeToken, getSession, signedOutRedirect, type AppSession, type FlashMessage } from './session.server';
import { productName } from './env.server';
import { toAppPath } from './site';

/** What loading the current user from GET /me came to. */
export type UserLoad =
  | { kind: 'signedOut' }
  | { kind: 'user'; user: CurrentUser; token: string }
  /** 401 with 40102: the token ran out. */
  | { kind: 'expired' }
  /** Any other 401: signed out elsewhere or revoked. */
  | { kind: 'unauthorized' }
  /** 408: idle past SESSION_IDLE_MINUTES; the user must re-enter the password. */
  | { kind: 'idle'; token: string }
  | { kind: 'unavailable'; status: number };

export async function loadCurrentUser(
  request: Request,
  context: AppLoadContext,
  session: AppSession,
): Promise<UserLoad> {
  const token = activeToken(session);
  if (!token) return { kind: 'signedOut' };
  const result = await apiCall(ZCurrentUser, '/me', { token, request, context });
  if (result.ok) return { kind: 'user', user: result.data, token };
  if (result.status === 401) {
    return result.error.messageCode === MessageCodes.tokenExpired ? { kind: 'expired' } : { kind: 'unauthorized' };
  }
  if (result.status === 408) return { kind: 'idle', token };
  return { kind: 'unavailable', status: result.status };
}

export interface ShellData {
  productName: string;
  /** Footer year, taken on the server so server and browser render the same text. */
  year: number;
  signedIn: boolean;
  user: CurrentUser | null;
  /** The API answered 408: the session is idle and the shell shows the session-expired modal. */
  sessionIdle: boolean;
  /** Field error for that modal after a submission without JavaScript (fetchers get it directly). */
  sessionPasswordError: string | null;
  /** An administrator is acting as this employee (no privacy dialog, no activity check, no password prompts). */
  impersonating: boolean;
  /** One-time message carried over a redirect (toast, or inline on the login page). */
  notice: FlashMessage | null;
  /** A new authenticator's recovery codes, shown once on Sign-in Security. */
  recoveryCodes: string[] | null;
  /** The route table entry being shown; null when nothing matched. */
  route: { id: RouteId; title: string } | null;
  /** Set when the path matched no route: the text after 'No match for'. */
  noMatchPath: string | null;
  showHeaderFooter: boolean;
  showSidebar: boolean;
  sidebar: SidebarGroup[];
  /** An agent's clients for the header's client switcher; null for everyone else. */
  agencyClients: { id: number; name: string; current: boolean }[] | null;
}

export interface ShellContext {
  data: ShellData;
  session: AppSession;
  /** The token the API calls of this request should use (null when signed out). */
  token: string | null;
  /** The shell consumed a flash or dropped a stale link token: the root loader must rewrite the cookie. */
  sessionChanged: boolean;
}

/**
 * One shell per site request, shared by its root and leaf loaders (one GET /me, one routing decision). Remix hands
 * each loader a Request of its own (copied to strip its `index`/`_routes` parameters), so the key is the load
 * context, which the host makes once per request; without one (a bare handler) it is the Request.
 */
const perPage = new WeakMap<object, Promise<ShellContext>>();

function pageKey(request: Request, context: AppLoadContext | undefined): object {
  return typeof context === 'object' && context !== null ? context : request;
}

/**
 * Loads the session and the current user and applies the routing rules. Throws the redirect (or an
 * error response) the rules call for; answers the shell's data otherwise.
 */
export function loadShell(request: Request, context: AppLoadContext): Promise<ShellContext> {
  const key = pageKey(request, context);
  // An action runs before the loaders of its request and may change what the shell shows (signing in, a new
  // name, a consumed link): it reads afresh and leaves nothing behind for the loaders that follow it.
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    perPage.delete(key);
    return buildShell(request, context);
  }
  let pending = perPage.get(key);
  if (!pending) {
    pending = buildShell(request, context);
    perPage.set(key, pending);
  }
  // Each loader gets its own copy of a thrown redirect or error: Remix rewrites a thrown redirect's Location in
  // place (it adds the base path), so one shared Response would come out as /mbl/mbl/... for the second loader.
  return pending.catch((error: unknown) => {
    throw error instanceof Response ? error.clone() : error;
  });
}

async function buildShell(request: Request, context: AppLoadContext): Promise<ShellContext> {
  const url = new URL(request.url);
  const pathname = toAppPath(url.pathname);
  const session = await getSession(request);

  // Opening a registration link clears whatever was stored in this browser.
  if (pathname === '/registration' && url.searchParams.has('token') && session.has('token')) {
    throw await signedOutRedirect(`${pathname}${url.search}`);
  }

  // Link tokens live in the session only while their screen is open (the reset token is removed on leaving).
  let sessionChanged = false;
  if (pathname !== '/reset-password' && session.has('resetToken')) {
    session.unset('resetToken');
    sessionChanged = true;
  }
  if (pathname !== '/registration' && session.has('registrationToken')) {
    session.unset('registrationToken');
    sessionChanged = true;
  }
  // Reading a flash consumes it, so the cookie must be rewritten or the message would show again.
  const notice: FlashMessage | null = session.get('notice') ?? null;
  const sessionPasswordError: string | null = session.get('sessionPasswordError') ?? null;
  if (notice || sessionPasswordError) sessionChanged = true;
  // Read only where they are shown, so a forced flow on the way there cannot swallow them.
  const recoveryCodes: string[] | null = pathname === '/sign-in-security' ? (session.get('recoveryCodes') ?? null) : null;
  if (recoveryCodes) sessionChanged = true;

  const load = await loadCurrentUser(request, context, session);
  switch (load.kind) {
    case 'expired':
      throw await signedOutRedirect('/login', { type: 'info', text: Messages.sessionExpired });
    case 'unauthorized':
      throw await signedOutRedirect('/login');
    case 'unavailable':
      // The root error boundary shows a calm "try again" page instead of a half-drawn shell.
      throw new Response(Messages.serviceUnavailable, { status: 503 });
    default:
      break;
  }

  const user = load.kind === 'user' ? load.user : null;
  // Only agents (not while acting as an employee: the permission is gone then) pay for this second call.
  const agency =
    user?.permissions.includes('clients:switch') && load.kind === 'user'
      ? await apiCall(ZAgencyResponse, '/agency', { token: load.token, request, context })
      : null;
  const signedIn = load.kind === 'user' || load.kind === 'idle';
  const routingUser = user ? toRoutingUser(user) : null;
  const decision = resolveRoute({ pathname, signedIn, user: routingUser });
  if (decision.kind === 'redirect') throw redirect(decision.to);

  return {
    session,
    sessionChanged,
    token: load.kind === 'user' || load.kind === 'idle' ? load.token : null,
    data: {
      productName: productName(),
      year: new Date().getFullYear(),
      signedIn,
      user,
      sessionIdle: load.kind === 'idle',
      sessionPasswordError: load.kind === 'idle' ? sessionPasswordError : null,
      impersonating: user !== null && user.impersonatingUserId !== null,
      notice,
      recoveryCodes,
      route: decision.kind === 'render' ? { id: decision.route.id, title: decision.route.title } : null,
      noMatchPath: decision.kind === 'noMatch' ? decision.path : null,
      showHeaderFooter: showHeaderFooter(pathname, signedIn),
      showSidebar: showSidebar({ signedIn, user: routingUser }),
      sidebar: user ? sidebarGroups(user) : [],
      agencyClients: agency?.ok ? agency.data.clients.map(({ id, name, current }) => ({ id, name, current })) : null,
    },
  };
}

/** Thrown by leaf loaders while the session is idle: the page waits behind the session-expired modal. */
export function sessionIdleResponse(): Response {
  return new Response(Messages.sessionExpiredModal, { status: 408 });
}

/**
 * For leaf loaders and actions that need the signed-in user; the root loader has already enforced the
 * rules. While the session is idle the user is unknown: the route's error boundary shows a placeholder
 * behind the modal, and the right password reloads the page in place.
 */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: CurrentUser; token: string; session: AppSession }> {
  const shell = await loadShell(request, context);
  if (shell.data.sessionIdle) throw sessionIdleResponse();
  if (!shell.data.user || !shell.token) throw redirect('/');
  return { user: shell.data.user, token: shell.token, session: shell.session };
}

/**
 * What every loader and action does with an API failure that is about the session rather than the
 * request: an expired token signs out with the spec's message, any other 401
 * signs out, and 408 brings up the session-expired modal. Other failures are left to the caller.
 */
export async function throwOnSessionFailure(failure: ApiFailure): Promise<void> {
  if (failure.status === 401) {
    throw failure.error.messageCode === MessageCodes.tokenExpired
      ? await signedOutRedirect('/login', { type: 'info', text: Messages.sessionExpired })
      : await signedOutRedirect('/login');
  }
  if (failure.status === 408) throw sessionIdleResponse();
}
