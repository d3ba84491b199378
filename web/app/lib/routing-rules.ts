/**
 * Route table and access rules of the site shell, as pure functions so the
 * same decisions can be unit-tested and enforced by the root loader on every navigation.
 * Paths here never carry the /mbl base path.
 */

import type { Permission } from '@bp/api/contracts';

/** Who may open a route before the per-user redirects apply. */
export type RouteAccess =
  | 'signedOut' // only while signed out; a signed-in user is sent to /
  | 'signedIn' // a signed-in user with the route's permission (if it names one); others go to their home
  | 'securityQuestionReset' // signed in, only while a security-question reset is pending
  | 'onboarding' // signed in, only while onboarding is running
  | 'any'; // technical routes (log out) that must work in every state

export type RouteId =
  | 'home'
  | 'login'
  | 'forgotPassword'
  | 'resetPassword'
  | 'registration'
  | 'profile'
  | 'contact'
  | 'dependents'
  | 'beneficiaries'
  | 'audit'
  | 'changePassword'
  | 'signedSummary'
  | 'documents'
  | 'changeBenefits'
  | 'statusDashboard'
  | 'employeesCensus'
  | 'censusImport'
  | 'plansSetup'
  | 'actionCenter'
  | 'reports'
  | 'auditAdmin'
  | 'employerForms'
  | 'transactions'
  | 'messageBoard'
  | 'signInSecurity'
  | 'agencyClients'
  | 'queues'
  | 'changeSecurityQuestion'
  | 'onboarding'
  | 'logout';

export interface RouteDefinition {
  id: RouteId;
  path: string;
  /** 'prefix' also matches sub-paths (/documents/123), never look-alikes (/documentsx). */
  match: 'exact' | 'prefix';
  access: RouteAccess;
  /** The permission (contracts/permissions.ts) a signed-in user needs: the same one the API's routes check. */
  permission?: Permission;
  /** The screen's name: page heading and title. */
  title: string;
}

/** The route table; exactness as specified (unmarked admin entries are prefixes). */
export const ROUTES: readonly RouteDefinition[] = [
  { id: 'login', path: '/login', match: 'exact', access: 'signedOut', title: 'Login' },
  { id: 'forgotPassword', path: '/forgot-password', match: 'exact', access: 'signedOut', title: 'Forgot Password' },
  { id: 'resetPassword', path: '/reset-password', match: 'exact', access: 'signedOut', title: 'Reset Password' },
  { id: 'registration', path: '/registration', match: 'exact', access: 'signedOut', title: 'Registration' },
  { id: 'home', path: '/', match: 'exact', access: 'signedIn', permission: 'self:employee', title: 'Dashboard' },
  { id: 'profile', path: '/profile', match: 'exact', access: 'signedIn', permission: 'self:employee', title: 'My Profile' },
  { id: 'contact', path: '/contact', match: 'exact', access: 'signedIn', title: 'Contact' },
  { id: 'dependents', path: '/dependents', match: 'exact', access: 'signedIn', permission: 'self:employee', title: 'My Dependents' },
  { id: 'beneficiaries', path: '/beneficiaries', match: 'exact', access: 'signedIn', permission: 'self:employee', title: 'My Beneficiaries' },
  { id: 'audit', path: '/audit', match: 'exact', access: 'signedIn', permission: 'self:employee', title: 'My Audit Log' },
  { id: 'signedSummary', path: '/signed-summary', match: 'exact', access: 'signedIn', permission: 'self:employee', title: 'Signed Summary' },
  { id: 'changePassword', path: '/change-password', match: 'exact', access: 'signedIn', title: 'Change Password' },
  { id: 'documents', path: '/documents', match: 'prefix', access: 'signedIn', permission: 'self:employee', title: 'My Documents' },
  // The life-event wizard: /change-benefits sends on to the step's own address (/change-benefits/date...).
  { id: 'changeBenefits', path: '/change-benefits', match: 'prefix', access: 'signedIn', permission: 'self:employee', title: 'Change Benefits' },
  { id: 'statusDashboard', path: '/status-dashboard', match: 'exact', access: 'signedIn', permission: 'status:read', title: 'Status Dashboard' },
  // The list, an employee at /employees-census/{id}, and the dialogs under them (Log in as employee asks for 'impersonate' itself).
  { id: 'employeesCensus', path: '/employees-census', match: 'prefix', access: 'signedIn', permission: 'employees:read', title: 'Employee Census' },
  // Employees from a census file, and (agents) the plan year's plans from a rate sheet, each plan editable.
  { id: 'censusImport', path: '/census-import', match: 'prefix', access: 'signedIn', permission: 'employees:update', title: 'Import Employees' },
  { id: 'plansSetup', path: '/plans-setup', match: 'prefix', access: 'signedIn', permission: 'agency:manage-clients', title: 'Plans and Rates' },
  { id: 'actionCenter', path: '/action-center', match: 'exact', access: 'signedIn', permission: 'actions:manage', title: 'Action Center' },
  { id: 'reports', path: '/reports', match: 'exact', access: 'signedIn', permission: 'reports:run', title: 'HR Reports' },
  { id: 'auditAdmin', path: '/audit-admin', match: 'prefix', access: 'signedIn', permission: 'audit:read', title: 'Audit Log' },
  { id: 'employerForms', path: '/employer-forms', match: 'prefix', access: 'signedIn', permission: 'employer-forms:manage', title: 'Employer Forms' },
  { id: 'transactions', path: '/transactions', match: 'prefix', access: 'signedIn', permission: 'transactions:read', title: 'Transactions' },
  { id: 'messageBoard', path: '/message-board', match: 'prefix', access: 'signedIn', permission: 'communications:send', title: 'Communications' },
  // Administrators' own authenticator, and the client's administrators'.
  { id: 'signInSecurity', path: '/sign-in-security', match: 'exact', access: 'signedIn', permission: 'mfa:self', title: 'Sign-in Security' },
  // An agent's clients: the list, a new client, and each client's settings, HR administrators and first period.
  { id: 'agencyClients', path: '/agency-clients', match: 'prefix', access: 'signedIn', permission: 'agency:manage-clients', title: 'Clients' },
  // Platform administrators: opens the API's queue dashboard (bull-board) in the same tab, with a one-time ticket.
  { id: 'queues', path: '/queues', match: 'exact', access: 'signedIn', permission: 'queues:manage', title: 'Queues' },
  {
    id: 'changeSecurityQuestion',
    path: '/change-security-question',
    match: 'exact',
    access: 'securityQuestionReset',
    title: 'Change Security Question',
  },
  // Prefix so the wizard may later address its steps as sub-paths.
  { id: 'onboarding', path: '/onboarding', match: 'prefix', access: 'onboarding', title: 'Onboarding' },
  { id: 'logout', path: '/logout', match: 'exact', access: 'any', title: 'Log Out' },
];

export const PATHS = {
  home: '/',
  login: '/login',
  registration: '/registration',
  changePassword: '/change-password',
  changeSecurityQuestion: '/change-security-question',
  onboarding: '/onboarding',
  census: '/employees-census',
  contact: '/contact',
} as const;

/** The user flags the rules read ("Current user session"). */
export interface RoutingUser {
  /** 0 = registration finished. */
  registrationStep: number;
  /**
   * A signed enrollment reopened by Modify Selections (or an edit point) with changes not signed yet: the
   * signed elections stay in force, so the wizard holds nobody and every page stays reachable.
   */
  unsignedChanges: boolean;
  /** See {@link isOnboardingRunning}. */
  onboardingRunning: boolean;
  passwordReset: boolean;
  securityQuestionReset: boolean;
  /** What the API allows this session (GET /me `permissions`). */
  permissions: readonly Permission[];
}

export interface RoutingState {
  /** Path without the /mbl base path, e.g. '/profile'. */
  pathname: string;
  signedIn: boolean;
  /**
   * The signed-in user's flags. null while signed in means the user could not be loaded (idle session):
   * only the signed-in/signed-out sets apply until the user is known again.
   */
  user: RoutingUser | null;
}

export type RoutingDecision =
  | { kind: 'render'; route: RouteDefinition }
  | { kind: 'redirect'; to: string }
  | { kind: 'noMatch'; path: string };

/** Onboarding runs when the client enabled it for the user and its step is not 0 (finished). */
export function isOnboardingRunning(user: { enableOnboarding: boolean; onboardingStep: number }): boolean {
  return user.enableOnboarding && user.onboardingStep !== 0;
}

/** Maps the API's current user to the flags the rules need. */
export function toRoutingUser(user: {
  registrationStep: number;
  unsignedChanges: boolean;
  enableOnboarding: boolean;
  onboardingStep: number;
  passwordReset: boolean;
  securityQuestionReset: boolean;
  permissions: readonly Permission[];
}): RoutingUser {
  return {
    registrationStep: user.registrationStep,
    unsignedChanges: user.unsignedChanges,
    onboardingRunning: isOnboardingRunning(user),
    passwordReset: user.passwordReset,
    securityQuestionReset: user.securityQuestionReset,
    permissions: user.permissions,
  };
}

/**
 * Where a signed-in user starts: the dashboard with an employee record of their own, otherwise (an agent)
 * the census of the open client.
 */
export function homeOf(user: Pick<RoutingUser, 'permissions'>): string {
  if (user.permissions.includes('self:employee')) return PATHS.home;
  if (user.permissions.includes('employees:read')) return PATHS.census;
  return PATHS.contact;
}

/** Drops trailing slashes so '/profile/' and '/profile' are the same screen; '' becomes '/'. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function findRoute(pathname: string): RouteDefinition | null {
  const path = normalizePath(pathname);
  for (const route of ROUTES) {
    if (path === route.path) return route;
    if (route.match === 'prefix' && path.startsWith(`${route.path}/`)) return route;
  }
  return null;
}

function isAt(path: string, target: string): boolean {
  const route = findRoute(path);
  return route !== null && route.path === target;
}

/** Applies the routing rules to one request. */
export function resolveRoute(state: RoutingState): RoutingDecision {
  const path = normalizePath(state.pathname);
  const route = findRoute(path);

  if (route?.access === 'any') return { kind: 'render', route };

  if (!state.signedIn) {
    // '/' is the login page while signed out.
    if (path === PATHS.home) return { kind: 'render', route: loginRoute() };
    if (!route) return { kind: 'noMatch', path };
    if (route.access === 'signedOut') return { kind: 'render', route };
    // The login page, remembering where the person was going (an emailed link such as the signed summary).
    return { kind: 'redirect', to: `${PATHS.home}?next=${encodeURIComponent(path)}` };
  }

  const user = state.user;
  if (user) {
    // Forced flows, strongest first; the target itself renders, everything else goes there.
    const forced = forcedTarget(user);
    if (forced) return isAt(path, forced) && route ? { kind: 'render', route } : { kind: 'redirect', to: forced };
  }

  if (!route) return { kind: 'noMatch', path };
  // Unsigned changes: the wizard is one page among others, reached from the dashboard's Continue changes.
  if (route.path === PATHS.registration && user?.unsignedChanges) return { kind: 'render', route };
  if (route.access === 'signedOut') return { kind: 'redirect', to: PATHS.home };
  // While the user is unknown (idle session) keep the location so the user returns to it after
  // re-entering the password; the API still checks every call.
  if (!user) return { kind: 'render', route };

  switch (route.access) {
    case 'securityQuestionReset':
    case 'onboarding':
      // Reached only when that flow is not pending: nothing to do there.
      return { kind: 'redirect', to: PATHS.home };
    case 'signedIn':
      if (route.permission && !user.permissions.includes(route.permission)) {
        const home = homeOf(user);
        return home === route.path ? { kind: 'redirect', to: PATHS.contact } : { kind: 'redirect', to: home };
      }
      return { kind: 'render', route };
  }
}

/** Where a signed-in user must go first, or null when no flow is pending. */
export function forcedTarget(user: RoutingUser): string | null {
  if (user.passwordReset) return PATHS.changePassword;
  if (user.securityQuestionReset) return PATHS.changeSecurityQuestion;
  // Onboarding precedes registration: its first step finishes the account of new hires.
  if (user.onboardingRunning) return PATHS.onboarding;
  if (user.registrationStep !== 0 && !user.unsignedChanges) return PATHS.registration;
  return null;
}

function loginRoute(): RouteDefinition {
  const login = ROUTES.find((r) => r.id === 'login');
  if (!login) throw new Error('route table lacks login');
  return login;
}

/** Sidebar only when signed in, registration finished, no password reset and no onboarding running. */
export function showSidebar(state: { signedIn: boolean; user: RoutingUser | null }): boolean {
  const { user } = state;
  if (!state.signedIn || !user) return false;
  return (user.registrationStep === 0 || user.unsignedChanges) && !user.passwordReset && !user.onboardingRunning;
}

const BARE_PATHS: readonly string[] = ['/login', '/forgot-password', '/reset-password'];

/** Header and footer are hidden on login, forgot-password, reset-password and on / when signed out. */
export function showHeaderFooter(pathname: string, signedIn: boolean): boolean {
  const path = normalizePath(pathname);
  if (BARE_PATHS.includes(path)) return false;
  return !(path === PATHS.home && !signedIn);
}

export interface SidebarItem {
  label: string;
  to: string;
  /** The permission the item's page needs (the same as its route's). */
  permission?: Permission;
  /** The page is not the site's own (the queue dashboard): a full page load, never prefetched. */
  document?: true;
}

export interface SidebarGroup {
  /** 'main' holds the top-level Dashboard link, 'bottom' the Contact link pinned under the groups. */
  id: 'main' | 'benefits' | 'account' | 'admin' | 'agency' | 'platform' | 'bottom';
  /** Group heading; null for the ungrouped top and bottom links. */
  label: string | null;
  items: SidebarItem[];
}

export interface SidebarUser {
  permissions: readonly Permission[];
  enableMidyearChanges: boolean;
}

/** The sidebar, in display order: each item only with its page's permission. */
export function sidebarGroups(user: SidebarUser): SidebarGroup[] {
  const benefits: SidebarItem[] = [
    { label: 'My Dependents', to: '/dependents' },
    { label: 'My Documents', to: '/documents' },
    { label: 'My Beneficiaries', to: '/beneficiaries' },
  ];
  if (user.enableMidyearChanges) benefits.push({ label: 'Change Benefits', to: '/change-benefits' });
  const item = (label: string, to: string): SidebarItem => ({ label, to, permission: findRoute(to)?.permission });

  const groups: SidebarGroup[] = [
    { id: 'main', label: null, items: [item('Dashboard', '/')] },
    { id: 'benefits', label: 'My Benefits', items: benefits.map((b) => item(b.label, b.to)) },
    { id: 'account', label: 'My Account', items: [item('My Profile', '/profile'), item('My Audit Log', '/audit')] },
    {
      id: 'admin',
      label: 'Administrator',
      items: [
        item('Employee Census', '/employees-census'),
        item('Import Employees', '/census-import'),
        item('Action Center', '/action-center'),
        item('Audit Log', '/audit-admin'),
        item('HR Reports', '/reports'),
        item('Status Dashboard', '/status-dashboard'),
        item('Employer Forms', '/employer-forms'),
        item('Transactions', '/transactions'),
        item('Communications', '/message-board'),
        item('Sign-in Security', '/sign-in-security'),
        item('Plans and Rates', '/plans-setup'),
      ],
    },
    { id: 'agency', label: 'Agency', items: [item('Clients', '/agency-clients')] },
    { id: 'platform', label: 'Platform', items: [{ ...item('Queues', '/queues'), document: true }] },
    { id: 'bottom', label: null, items: [item('Contact', '/contact')] },
  ];
  return groups
    .map((g) => ({ ...g, items: g.items.filter((i) => i.permission === undefined || user.permissions.includes(i.permission)) }))
    .filter((g) => g.items.length > 0);
}
