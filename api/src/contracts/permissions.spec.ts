import { ADMIN_PERMISSIONS, PERMISSIONS, permissionsFor, type Permission, type PermissionSubject } from './permissions';

const subject = (over: Partial<PermissionSubject>): PermissionSubject => ({
  roleType: 0,
  testUser: false,
  agencyId: null,
  employeeId: null,
  impersonatorId: null,
  platformAdmin: false,
  ...over,
});
const AGENT_ONLY: Permission[] = ['clients:switch', 'mfa:require', 'agency:manage-clients'];

describe('permissionsFor: the one list of what a session may do', () => {
  it.each<[string, Partial<PermissionSubject>, Permission[]]>([
    ['an employee', { employeeId: 1 }, ['self:employee']],
    ['HR', { roleType: 1, employeeId: 2 }, ['self:employee', ...ADMIN_PERMISSIONS]],
    ['an agent', { roleType: 1, agencyId: 3 }, [...ADMIN_PERMISSIONS, ...AGENT_ONLY]],
    ['a test user with the admin role', { roleType: 1, testUser: true, employeeId: 4 }, ['self:employee']],
    ['an administrator acting as an employee', { employeeId: 5, impersonatorId: 6 }, ['self:employee']],
    ['a platform administrator (no role, no employee record)', { platformAdmin: true }, ['queues:manage', 'mfa:self', 'mfa:reset']],
    ['a platform administrator who is also HR', { roleType: 1, employeeId: 7, platformAdmin: true }, ['self:employee', ...ADMIN_PERMISSIONS, 'queues:manage']],
    ['a platform administrator who is also an agent', { roleType: 1, agencyId: 3, platformAdmin: true }, [...ADMIN_PERMISSIONS, ...AGENT_ONLY, 'queues:manage']],
    ['a test user flagged platform administrator', { roleType: 1, testUser: true, employeeId: 8, platformAdmin: true }, ['self:employee']],
    ['a platform administrator acting as an employee', { employeeId: 9, impersonatorId: 10, platformAdmin: true }, ['self:employee']],
  ])('%s', (_who, over, expected) => {
    expect([...permissionsFor(subject(over))].sort()).toEqual([...expected].sort());
  });

  it('grants queues:manage only with the platform-administrator flag: never HR or agents by their role', () => {
    expect(ADMIN_PERMISSIONS).not.toContain('queues:manage');
    const byRole = [subject({ roleType: 1, employeeId: 1 }), subject({ roleType: 1, agencyId: 1 }), subject({ employeeId: 1 })];
    for (const s of byRole) expect(permissionsFor(s)).not.toContain('queues:manage');
  });

  it('grants nothing outside the list, and nothing twice', () => {
    const all = permissionsFor(subject({ roleType: 1, agencyId: 1, employeeId: 1, platformAdmin: true }));
    expect(all.every((p) => (PERMISSIONS as readonly string[]).includes(p))).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });
});
