/// <reference types="jest" />
import { permissionsFor } from '@bp/api/contracts';
import {
  ROUTES,
  findRoute,
  forcedTarget,
  isOnboardingRunning,
  normalizePath,
  resolveRoute,
  showHeaderFooter,
  showSidebar,
  sidebarGroups,
  toRoutingUser,
  type RouteId,
  type RoutingDecision,
  type RoutingUser,
} from './routing-rules';

const employee: RoutingUser = {
  registrationStep: 0,
  unsignedChanges: false,
  onboardingRunning: false,
  passwordReset: false,
  securityQuestionReset: false,
  // The same grants the API's guard uses (contracts/permissions.ts).
  permissions: permissionsFor({ roleType: 0, testUser: false, agencyId: null, employeeId: 1, impersonatorId: null, platformAdmin: false }),
};
const admin: RoutingUser = { ...employee, permissions: permissionsFor({ roleType: 1, testUser: false, agencyId: null, employeeId: 2, impersonatorId: null, platformAdmin: false }) };
const testAdmin: RoutingUser = { ...employee, permissions: permissionsFor({ roleType: 1, testUser: true, agencyId: null, employeeId: 3, impersonatorId: null, platformAdmin: false }) };
// An agent has no employee record: the census is its home.
const agent: RoutingUser = { ...employee, permissions: permissionsFor({ roleType: 1, testUser: false, agencyId: 1, employeeId: null, impersonatorId: null, platformAdmin: false }) };
const mustChangePassword: RoutingUser = { ...employee, passwordReset: true };
const mustChangeQuestion: RoutingUser = { ...employee, securityQuestionReset: true };
const onboarding: RoutingUser = { ...employee, onboardingRunning: true, registrationStep: 1 };
const registering: RoutingUser = { ...employee, registrationStep: 5 };
// Modify Selections reopened a signed enrollment: the changes are a draft, the wizard holds nobody.
const changing: RoutingUser = { ...employee, registrationStep: 4, unsignedChanges: true };

const render = (id: RouteId) => ({ kind: 'render', id });
const redirect = (to: string) => ({ kind: 'redirect', to });
const noMatch = (path: string) => ({ kind: 'noMatch', path });

/** Reduces a decision to comparable data: the route id instead of the whole definition. */
function summary(decision: RoutingDecision) {
  return decision.kind === 'render' ? { kind: 'render', id: decision.route.id } : decision;
}

const signedInPaths = [
  '/',
  '/profile',
  '/contact',
  '/dependents',
  '/beneficiaries',
  '/audit',
  '/change-password',
  '/documents',
  '/change-benefits',
];
const adminPaths = [
  '/status-dashboard',
  '/employees-census',
  '/action-center',
  '/reports',
  '/audit-admin',
  '/employer-forms',
  '/transactions',
  '/message-board',
];

describe('resolveRoute when signed out', () => {
  it.each([
    ['/', render('login')],
    ['', render('login')],
    ['/login', render('login')],
    ['/login/', render('login')],
    ['/forgot-password', render('forgotPassword')],
    ['/reset-password', render('resetPassword')],
    ['/registration', render('registration')],
    ['/logout', render('logout')],
    ['/nope', noMatch('/nope')],
    ['/login/extra', noMatch('/login/extra')],
    ['/documentsx', noMatch('/documentsx')],
    ['/profile/1', noMatch('/profile/1')],
  ])('%s', (pathname, expected) => {
    expect(summary(resolveRoute({ pathname, signedIn: false, user: null }))).toEqual(expected);
  });

  it.each(
    [...signedInPaths.filter((p) => p !== '/'), ...adminPaths, '/documents/42', '/change-security-question', '/onboarding'].map(
      (p) => [p],
    ),
  )('%s (signed-in only) redirects to the login page, which remembers it', (pathname) => {
    expect(summary(resolveRoute({ pathname, signedIn: false, user: null }))).toEqual(redirect(`/?next=${encodeURIComponent(pathname)}`));
  });
});

describe('resolveRoute for a signed-in employee', () => {
  it.each([
    ['/', render('home')],
    ['/profile', render('profile')],
    ['/contact', render('contact')],
    ['/dependents', render('dependents')],
    ['/beneficiaries', render('beneficiaries')],
    ['/audit', render('audit')],
    ['/change-password', render('changePassword')],
    ['/documents', render('documents')],
    ['/documents/42', render('documents')],
    ['/documents/a/b/', render('documents')],
    ['/change-benefits', render('changeBenefits')],
    ['/change-benefits/date', render('changeBenefits')],
    ['/logout', render('logout')],
    // exact routes do not match sub-paths
    ['/profile/extra', noMatch('/profile/extra')],
    ['/change-benefitsx', noMatch('/change-benefitsx')],
    ['/auditx', noMatch('/auditx')],
    ['/unknown/path', noMatch('/unknown/path')],
    // signed-out set when signed in
    ['/login', redirect('/')],
    ['/forgot-password', redirect('/')],
    ['/reset-password', redirect('/')],
    ['/registration', redirect('/')],
    // flow routes when their flow is not pending
    ['/change-security-question', redirect('/')],
    ['/onboarding', redirect('/')],
    ['/onboarding/2', redirect('/')],
  ])('%s', (pathname, expected) => {
    expect(summary(resolveRoute({ pathname, signedIn: true, user: employee }))).toEqual(expected);
  });

  it.each(adminPaths.map((p) => [p]))('%s (admin only) redirects to /', (pathname) => {
    expect(summary(resolveRoute({ pathname, signedIn: true, user: employee }))).toEqual(redirect('/'));
  });
});

describe('resolveRoute for administrators', () => {
  it.each([
    ['/status-dashboard', render('statusDashboard')],
    ['/employees-census', render('employeesCensus')],
    ['/employees-census/42/edit', render('employeesCensus')],
    ['/action-center', render('actionCenter')],
    ['/reports', render('reports')],
    ['/reports/1', noMatch('/reports/1')],
    ['/audit-admin', render('auditAdmin')],
    ['/audit-admin/7', render('auditAdmin')],
    ['/employer-forms', render('employerForms')],
    ['/transactions', render('transactions')],
    ['/message-board', render('messageBoard')],
    ['/profile', render('profile')],
  ])('admin: %s', (pathname, expected) => {
    expect(summary(resolveRoute({ pathname, signedIn: true, user: admin }))).toEqual(expected);
  });

  it.each(adminPaths.map((p) => [p]))('test user with admin role: %s redirects to /', (pathname) => {
    expect(summary(resolveRoute({ pathname, signedIn: true, user: testAdmin }))).toEqual(redirect('/'));
  });
});

describe('resolveRoute for an agent (no employee record)', () => {
  it.each([
    ['/employees-census', render('employeesCensus')],
    ['/reports', render('reports')],
    ['/contact', render('contact')],
    ['/change-password', render('changePassword')],
    // no employee pages: the census of the open client is home
    ['/', redirect('/employees-census')],
    ['/profile', redirect('/employees-census')],
    ['/dependents', redirect('/employees-census')],
    ['/beneficiaries', redirect('/employees-census')],
    ['/documents', redirect('/employees-census')],
    ['/audit', redirect('/employees-census')],
  ])('%s', (pathname, expected) => {
    expect(summary(resolveRoute({ pathname, signedIn: true, user: agent }))).toEqual(expected);
  });
});

describe('resolveRoute forced flows', () => {
  it.each([
    // password reset: only /change-password
    [mustChangePassword, '/change-password', render('changePassword')],
    [mustChangePassword, '/', redirect('/change-password')],
    [mustChangePassword, '/profile', redirect('/change-password')],
    [mustChangePassword, '/unknown', redirect('/change-password')],
    [mustChangePassword, '/login', redirect('/change-password')],
    [mustChangePassword, '/logout', render('logout')],
    // security-question reset: only /change-security-question
    [mustChangeQuestion, '/change-security-question', render('changeSecurityQuestion')],
    [mustChangeQuestion, '/', redirect('/change-security-question')],
    [mustChangeQuestion, '/change-password', redirect('/change-security-question')],
    [mustChangeQuestion, '/reports', redirect('/change-security-question')],
    // onboarding running: everything goes to /onboarding, its sub-paths render
    [onboarding, '/onboarding', render('onboarding')],
    [onboarding, '/onboarding/3', render('onboarding')],
    [onboarding, '/', redirect('/onboarding')],
    [onboarding, '/registration', redirect('/onboarding')],
    [onboarding, '/nowhere', redirect('/onboarding')],
    // registration unfinished: everything goes to /registration, which renders even though signed in
    [registering, '/registration', render('registration')],
    [registering, '/', redirect('/registration')],
    [registering, '/dependents', redirect('/registration')],
    [registering, '/onboarding', redirect('/registration')],
    // unsigned changes after Modify Selections: the wizard and every other page render
    [changing, '/registration', render('registration')],
    [changing, '/', render('home')],
    [changing, '/dependents', render('dependents')],
    [changing, '/signed-summary', render('signedSummary')],
    [{ ...changing, passwordReset: true }, '/', redirect('/change-password')],
    // precedence: password reset > security question > onboarding > registration
    [{ ...onboarding, passwordReset: true, securityQuestionReset: true }, '/', redirect('/change-password')],
    [{ ...onboarding, securityQuestionReset: true }, '/onboarding', redirect('/change-security-question')],
    [{ ...registering, onboardingRunning: true }, '/registration', redirect('/onboarding')],
    [{ ...admin, passwordReset: true }, '/reports', redirect('/change-password')],
  ])('%#: %s', (user, pathname, expected) => {
    expect(summary(resolveRoute({ pathname, signedIn: true, user }))).toEqual(expected);
  });
});

describe('resolveRoute while the user is unknown (idle session)', () => {
  it.each([
    ['/', render('home')],
    ['/reports', render('reports')],
    ['/onboarding', render('onboarding')],
    ['/change-security-question', render('changeSecurityQuestion')],
    ['/login', redirect('/')],
    ['/x', noMatch('/x')],
  ])('%s', (pathname, expected) => {
    expect(summary(resolveRoute({ pathname, signedIn: true, user: null }))).toEqual(expected);
  });
});

describe('forcedTarget', () => {
  it.each([
    [employee, null],
    [admin, null],
    [mustChangePassword, '/change-password'],
    [mustChangeQuestion, '/change-security-question'],
    [onboarding, '/onboarding'],
    [registering, '/registration'],
    [changing, null],
  ])('%#', (user, expected) => {
    expect(forcedTarget(user)).toBe(expected);
  });
});

describe('isOnboardingRunning and toRoutingUser', () => {
  it.each([
    [true, 1, true],
    [true, 8, true],
    [true, 0, false],
    [false, 3, false],
    [false, 0, false],
  ])('enableOnboarding %p, step %p -> %p', (enableOnboarding, onboardingStep, expected) => {
    expect(isOnboardingRunning({ enableOnboarding, onboardingStep })).toBe(expected);
  });

  it('maps the current user', () => {
    expect(
      toRoutingUser({
        registrationStep: 2,
        unsignedChanges: false,
        enableOnboarding: true,
        onboardingStep: 2,
        passwordReset: true,
        securityQuestionReset: false,
        permissions: ['self:employee'],
      }),
    ).toEqual({
      registrationStep: 2,
      unsignedChanges: false,
      onboardingRunning: true,
      passwordReset: true,
      securityQuestionReset: false,
      permissions: ['self:employee'],
    });
  });
});

describe('findRoute and normalizePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['//', '/'],
    ['/profile/', '/profile'],
    ['profile', '/profile'],
  ])('normalizePath(%p) = %p', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it('gives every route a unique path, id and a title', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(route.title.length).toBeGreaterThan(0);
  });

  it.each([
    ['/documents/x', 'documents'],
    ['/message-board/12', 'messageBoard'],
    ['/nothing', null],
  ])('findRoute(%p)', (path, id) => {
    expect(findRoute(path)?.id ?? null).toBe(id);
  });
});

describe('showSidebar', () => {
  it.each([
    [false, null, false],
    [true, null, false],
    [true, employee, true],
    [true, admin, true],
    [true, registering, false],
    [true, changing, true],
    [true, mustChangePassword, false],
    [true, onboarding, false],
    [true, { ...employee, onboardingRunning: true }, false],
    // only the password reset hides it; a pending security question does not
    [true, mustChangeQuestion, true],
  ])('%#: signedIn %p', (signedIn, user, expected) => {
    expect(showSidebar({ signedIn, user })).toBe(expected);
  });
});

describe('showHeaderFooter', () => {
  it.each([
    ['/login', false, false],
    ['/login', true, false],
    ['/forgot-password', false, false],
    ['/reset-password', false, false],
    ['/reset-password/', false, false],
    ['/', false, false],
    ['/', true, true],
    ['/profile', true, true],
    ['/registration', false, true],
    ['/unknown', false, true],
  ])('%s signedIn=%p -> %p', (pathname, signedIn, expected) => {
    expect(showHeaderFooter(pathname, signedIn)).toBe(expected);
  });
});

describe('sidebarGroups', () => {
  const shape = (user: Parameters<typeof sidebarGroups>[0]) =>
    sidebarGroups(user).map((g) => [g.label, g.items.map((i) => `${i.label} ${i.to}`)]);

  const common = [
    [null, ['Dashboard /']],
    ['My Benefits', ['My Dependents /dependents', 'My Documents /documents', 'My Beneficiaries /beneficiaries']],
    ['My Account', ['My Profile /profile', 'My Audit Log /audit']],
  ];
  const adminGroup = [
    'Administrator',
    [
      'Employee Census /employees-census',
      'Import Employees /census-import',
      'Action Center /action-center',
      'Audit Log /audit-admin',
      'HR Reports /reports',
      'Status Dashboard /status-dashboard',
      'Employer Forms /employer-forms',
      'Transactions /transactions',
      'Communications /message-board',
      'Sign-in Security /sign-in-security',
    ],
  ];
  // An agent also sets up the plan year's plans.
  const agentAdminGroup = [adminGroup[0], [...(adminGroup[1] as string[]), 'Plans and Rates /plans-setup']];
  const contact = [null, ['Contact /contact']];

  it.each([
    ['employee', employee, [...common, contact]],
    ['admin', admin, [...common, adminGroup, contact]],
    ['test user with admin role', testAdmin, [...common, contact]],
    ['agent', agent, [agentAdminGroup, ['Agency', ['Clients /agency-clients']], contact]],
  ])('%s', (_who, user, expected) => {
    expect(shape({ permissions: user.permissions, enableMidyearChanges: false })).toEqual(expected);
  });

  it('adds Change Benefits last in My Benefits only with enableMidyearChanges', () => {
    const benefits = sidebarGroups({ permissions: employee.permissions, enableMidyearChanges: true }).find(
      (g) => g.id === 'benefits',
    );
    expect(benefits?.items.map((i) => i.to)).toEqual(['/dependents', '/documents', '/beneficiaries', '/change-benefits']);
  });

  it('every sidebar link is a known route', () => {
    for (const group of sidebarGroups({ permissions: admin.permissions, enableMidyearChanges: true })) {
      for (const item of group.items) expect(findRoute(item.to)).not.toBeNull();
    }
  });
});
