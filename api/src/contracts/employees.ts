import { z } from 'zod';

/** The census list groups (document 3 section 2.1). */
export const EMPLOYEE_GROUPS = ['active', 'cobra', 'terminated'] as const;
export type EmployeeGroup = (typeof EMPLOYEE_GROUPS)[number];

/** Terminated and not cobra = Terminated; cobra = COBRA; everything else Active. */
export function employeeGroup(e: { terminated: boolean; cobra: boolean }): EmployeeGroup {
  if (e.cobra) return 'cobra';
  return e.terminated ? 'terminated' : 'active';
}

export const EMPLOYEE_GROUP_TITLES: Record<EmployeeGroup, string> = {
  active: 'Active Employees',
  cobra: 'COBRA/Continuation',
  terminated: 'Terminated Employees',
};

/** GET /employees?search= */
export const ZEmployeeListQuery = z.object({ search: z.string().trim().max(100).optional() });

export const ZEmployeeListItem = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  terminated: z.boolean(),
  cobra: z.boolean(),
  group: z.enum(EMPLOYEE_GROUPS),
  /** True once the employee created an account (has a password): only then can an administrator log in as them. */
  hasAccount: z.boolean(),
});
export type EmployeeListItem = z.infer<typeof ZEmployeeListItem>;
/** Sorted by last name, then first name. */
export const ZEmployeeList = z.array(ZEmployeeListItem);

/** POST /employee/personal: the clear secured data of the token's employee. */
export const ZPersonalData = z.object({
  ssn: z.string().nullable(),
  /** Annual income as a decimal string ("72000.00"). */
  income: z.string().nullable(),
});
export type PersonalData = z.infer<typeof ZPersonalData>;
