import { coverageEndFor, employeeGroup, ZEmployeeUpdate, ZNewEmployee, ZNewEmployeeForm, ZTerminationRequest } from './employees';
import { CensusMessages, Messages } from './messages';
import { loadCommonPasswords } from './server';

beforeAll(() => loadCommonPasswords());

const signature = `data:image/png;base64,${Buffer.from('png').toString('base64')}`;
const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);

describe('census rules', () => {
  it.each([
    ['2026-10-14', '2026-10-31'],
    ['2026-02-01', '2026-02-28'],
    ['2028-02-29', '2028-02-29'],
    ['2026-12-31', '2026-12-31'],
    ['2026-04-30', '2026-04-30'],
  ])('a termination on %s ends coverage on %s (the last day of that month)', (date, end) => {
    expect(coverageEndFor(date)).toBe(end);
  });

  it.each([
    [{ terminated: false, cobra: false }, 'active'],
    [{ terminated: true, cobra: false }, 'terminated'],
    [{ terminated: true, cobra: true }, 'cobra'],
    [{ terminated: false, cobra: true }, 'cobra'],
  ] as const)('group of %j is %s', (e, group) => {
    expect(employeeGroup(e)).toBe(group);
  });

  const base = { firstName: 'Mae', lastName: 'Ray', email: 'mae@acme.test', groupId: '1', employmentId: '1', hireDate: '11/02/2026' };
  it.each([
    [{}, ['firstName', Messages.fieldRequired]],
    [{ email: 'mae@' }, ['email', Messages.invalidEmail]],
    [{ income: '-1' }, ['income', CensusMessages.cannotBeNegative]],
    [{ income: 'lots' }, ['income', CensusMessages.amountInvalid]],
    [{ workHours: '-2' }, ['workHours', CensusMessages.cannotBeNegative]],
    [{ hireDate: '13/45/2026' }, ['hireDate', Messages.dateInvalid]],
    [{ ssn: '123-45-678' }, ['ssn', Messages.ssnInvalid]],
    [{ groupId: '' }, ['groupId', Messages.fieldRequired]],
  ])('Add New Employee refuses %j', (change, expected) => {
    const body = Object.keys(change).length ? { ...base, ...change } : { ...base, firstName: '' };
    expect(issues(ZNewEmployee.safeParse(body))).toContainEqual(expected);
  });

  it('sendEmail and the step flags default to on in JSON, to off for an unticked form checkbox', () => {
    expect(ZNewEmployee.parse(base)).toMatchObject({ sendEmail: true, enableOnboarding: false, onboardingI9: true });
    expect(ZNewEmployeeForm.parse(base)).toMatchObject({ sendEmail: false, onboardingI9: false });
    expect(ZNewEmployeeForm.parse({ ...base, sendEmail: 'on' })).toMatchObject({ sendEmail: true });
  });

  it.each([
    ['abcde', Messages.passwordMin],
    ['a'.repeat(65), Messages.passwordMax],
    ['iloveyou', Messages.passwordTooCommon],
  ])('Edit Employee refuses the password %s (the one rule for every password)', (password, message) => {
    expect(issues(ZEmployeeUpdate.safeParse({ ...base, password }))).toEqual([['password', message]]);
  });

  it('Edit Employee keeps the password when it is blank, and takes a good one', () => {
    expect(ZEmployeeUpdate.parse({ ...base, password: '  ' }).password).toBeUndefined();
    expect(ZEmployeeUpdate.parse({ ...base, password: 'Nora-2027-Pass' }).password).toBe('Nora-2027-Pass');
  });

  it.each([
    [{ totalDisability: true }, ['disabilityStartDate', CensusMessages.disabilityStartRequired]],
    [{ qualifyingEventId: 1 }, ['qualifyingEventId', CensusMessages.terminationQualifyingEvent]],
    [{ qualifyingEventId: undefined }, ['qualifyingEventId', Messages.fieldRequired]],
    [{ terminationDate: '' }, ['terminationDate', Messages.fieldRequired]],
  ])('Terminate refuses %j', (change, expected) => {
    expect(issues(ZTerminationRequest.safeParse({ terminationDate: '10/14/2026', qualifyingEventId: 10, signature, ...change }))).toContainEqual(expected);
  });
});
