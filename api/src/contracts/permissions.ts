/**
 * The one list of permissions ("test user with the admin role"). The API's guard checks
 * them on every route (`@Access(permission)`), GET /me answers them, and the site shows exactly the menus
 * and pages they allow. Framework-free: both sides import this file.
 */
export const PERMISSIONS = [
  /** Has an employee record of its own: dashboard, profile, dependents, beneficiaries, enrollment. */
  'self:employee',
  /** Reads the census and an employee's records (dependents, beneficiaries, elections, tasks). */
  'employees:read',
  /** Adds, edits and terminates employees, imports the census, adds their files and sends welcome emails. */
  'employees:update',
  /** Logs in as an employee. */
  'impersonate',
  'actions:manage',
  'audit:read',
  'reports:run',
  'status:read',
  /** Starts, re-dates, closes and reopens open enrollment (only where the client allows HR to: allowHrOe). */
  'open-enrollment:manage',
  'employer-forms:manage',
  'transactions:read',
  'communications:send',
  /** Opens another client of its agency. */
  'clients:switch',
  /** Sets up or turns off an authenticator (TOTP) for its own sign-in: administrators only. */
  'mfa:self',
  /** Resets another administrator's authenticator (they lost it and their recovery codes). */
  'mfa:reset',
  /**
   * Decides whether the open client requires an authenticator of its HR: agents only, so HR cannot lift the
   * rule that binds them.
   */
  'mfa:require',
  /**
   * Creates and edits the clients of its agency, invites and disables their HR administrators and prepares their
   * first enrollment period: agents only.
   */
  'agency:manage-clients',
  /** Sets up the client's carriers and their EDI 834 identifiers and schedule: HR and agents. */
  'carriers:manage',
  /**
   * Opens the queue dashboard (bull-board at /mbl/api/admin/queues): every queue's jobs, and retrying, cleaning,
   * promoting, removing or pausing them (each audited). Platform administrators only: never HR or agents by
   * their role, never a test user, never while acting as an employee.
   */
  'queues:manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Everything an administrator of a client may do there (HR, or an agent who opened the client). */
export const ADMIN_PERMISSIONS: readonly Permission[] = [
  'employees:read',
  'employees:update',
  'impersonate',
  'actions:manage',
  'audit:read',
  'reports:run',
  'status:read',
  'open-enrollment:manage',
  'employer-forms:manage',
  'transactions:read',
  'communications:send',
  'mfa:self',
  'mfa:reset',
  'carriers:manage',
];

/** What a session is, as far as permissions go (read from its token). */
export interface PermissionSubject {
  /** 1 = administrator role. */
  roleType: number;
  /** A test user with the admin role gets no administrator permission anywhere. */
  testUser: boolean;
  /** The agency of an agent. */
  agencyId: number | null;
  /** The employee record the session acts as (null for an agent, who has none). */
  employeeId: number | null;
  /** Set while an administrator acts as an employee: the session then has the employee's permissions only. */
  impersonatorId: number | null;
  /** The account runs the platform itself (its queues), whatever its role in its client. */
  platformAdmin: boolean;
}

/** The permissions granted by role: the single source for the API guard, GET /me and the site's menus. */
export function permissionsFor(subject: PermissionSubject): Permission[] {
  const granted: Permission[] = [];
  if (subject.employeeId !== null) granted.push('self:employee');
  if (subject.impersonatorId !== null) return granted;
  if (subject.roleType === 1 && !subject.testUser) {
    granted.push(...ADMIN_PERMISSIONS);
    if (subject.agencyId !== null) granted.push('clients:switch', 'mfa:require', 'agency:manage-clients');
  }
  if (subject.platformAdmin && !subject.testUser) {
    granted.push('queues:manage');
    // Platform administrators guard their sign-in with an authenticator as HR and agents may, and reset one another's.
    for (const p of ['mfa:self', 'mfa:reset'] as const) if (!granted.includes(p)) granted.push(p);
  }
  return granted;
}

export function can(permissions: readonly string[], permission: Permission): boolean {
  return permissions.includes(permission);
}
