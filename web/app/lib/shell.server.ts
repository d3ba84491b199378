import { redirect, type AppLoadContext } from '@remix-run/node';
import { MessageCodes, Messages, ZCurrentUser, type CurrentUser } from '@bp/api/contracts';
import { apiCall } from './api.server';
import {
  resolveRoute,
  showHeaderFooter,
  showSidebar,
  sidebarGroups,
  toRoutingUser,
  type RouteId,
  type SidebarGroup,
} from './routing-rules';
import { activeToken, getSession, signedOutRedirect, type AppSession } from './session.server';
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
  /**
   * The API answered 408: the session is idle. The session-expired modal (password prompt) will hang
   * off this flag; until then the shell renders and the API keeps refusing data calls.
   */
  sessionIdle: boolean;
  /** The route table entry being shown; null when nothing matched. */
  route: { id: RouteId; title: string } | null;
  /** Set when the path matched no route: the text after 'No match for'. */
  noMatchPath: string | null;
  showHeaderFooter: boolean;
  showSidebar: boolean;
  sidebar: SidebarGroup[];
}

export interface ShellContext {
  data: ShellData;
  session: AppSession;
  /** The token the API calls of this request should use (null when signed out). */
  token: string | null;
}

// Root and leaf loaders of one request receive the same Request object: share one GET /me between them.
const perRequest = new WeakMap<Request, Promise<ShellContext>>();

/**
 * Loads the session and the current user and applies the routing rules. Throws the redirect (or an
 * error response) the rules call for; answers the shell's data otherwise.
 */
export function loadShell(request: Request, context: AppLoadContext): Promise<ShellContext> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = buildShell(request, context);
    perRequest.set(request, pending);
  }
  return pending;
}

async function buildShell(request: Request, context: AppLoadContext): Promise<ShellContext> {
  const url = new URL(request.url);
  const pathname = toAppPath(url.pathname);
  const session = await getSession(request);

  // Opening a registration link clears whatever was stored in this browser (document 1 section 2).
  if (pathname === '/registration' && url.searchParams.has('token') && session.has('token')) {
    throw await signedOutRedirect(`${pathname}${url.search}`);
  }

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
  const signedIn = load.kind === 'user' || load.kind === 'idle';
  const routingUser = user ? toRoutingUser(user) : null;
  const decision = resolveRoute({ pathname, signedIn, user: routingUser });
  if (decision.kind === 'redirect') throw redirect(decision.to);

  return {
    session,
    token: load.kind === 'user' || load.kind === 'idle' ? load.token : null,
    data: {
      productName: productName(),
      year: new Date().getFullYear(),
      signedIn,
      user,
      sessionIdle: load.kind === 'idle',
      route: decision.kind === 'render' ? { id: decision.route.id, title: decision.route.title } : null,
      noMatchPath: decision.kind === 'noMatch' ? decision.path : null,
      showHeaderFooter: showHeaderFooter(pathname, signedIn),
      showSidebar: showSidebar({ signedIn, user: routingUser }),
      sidebar: user ? sidebarGroups(user) : [],
    },
  };
}

/** For leaf loaders that need the signed-in user; the root loader has already enforced the rules. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<{ user: CurrentUser; token: string }> {
  const shell = await loadShell(request, context);
  if (!shell.data.user || !shell.token) throw redirect('/');
  return { user: shell.data.user, token: shell.token };
}
