import {
  dependentCompleteness,
  dependentRuleIssues,
  dependentSchema,
  incompleteDependentNames,
  ssnRuleFor,
  ZDependentAddressesUpdateRequest,
  ZDependentAddressRequest,
  type CompletenessContext,
  type DependentCompletenessInput,
} from './dependents';
import { incompleteDependentsMessage } from './messages';

const TODAY = new Date(2026, 10, 22); // 11/22/2026
const NEWBORN_MSG = "If you don't have Social Security Number yet, please enter 000-00-0000";

const SPOUSE = {
  relationshipTypeId: '1',
  firstName: 'John',
  middleName: '',
  lastName: 'Doe',
  birthDate: '02/14/1986',
  gender: '1',
  smoker: '0',
  ssn: '123-45-6711',
  email: '',
  dependentDifferentAddress: undefined,
};
const CHILD = { ...SPOUSE, relationshipTypeId: '2', firstName: 'Lily', birthDate: '03/08/2020', gender: '2', ssn: '123-45-6712' };
const BABY = { ...CHILD, firstName: 'Max', birthDate: '06/01/2026' };

const ctx = (requireSsn: boolean) => ({ employeeLastName: 'Doe', requireSsn, today: TODAY });
const errorsOf = (body: Record<string, unknown>, requireSsn = true) => {
  const r = dependentSchema(ctx(requireSsn)).safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('which SSN rule applies', () => {
  it.each([
    [2, '06/01/2026', true, 'newborn'],
    ['2', '11/23/2025', true, 'newborn'],
    [2, '11/22/2025', true, 'strict'], // first birthday today
    [2, '06/01/2026', false, 'strict'], // requireSsn off
    [1, '06/01/2026', true, 'strict'], // not a child
    [7, '06/01/2026', true, 'strict'],
    [2, '', true, 'strict'], // unknown age
  ] as const)('relation %j born %s, requireSsn %s -> %s', (relation, birth, requireSsn, rule) => {
    expect(ssnRuleFor(relation, birth, requireSsn, TODAY)).toBe(rule);
  });
});

describe('Add/Edit Dependent form and POST/PUT /dependents', () => {
  it('takes a complete spouse and child as conform and JSON send them', () => {
    expect(errorsOf(SPOUSE)).toEqual([]);
    expect(errorsOf(CHILD)).toEqual([]);
    const parsed = dependentSchema(ctx(true)).parse(SPOUSE);
    expect(parsed).toMatchObject({ relationshipTypeId: 1, gender: 1, smoker: 0, disabled: 0, dependentDifferentAddress: false, email: undefined, middleName: undefined });
  });

  it.each(['relationshipTypeId', 'firstName', 'lastName', 'birthDate', 'gender', 'smoker'])('%s is required: "Field is required"', (field) => {
    expect(errorsOf({ ...SPOUSE, [field]: '' })).toEqual([{ path: field, message: 'Field is required' }]);
  });

  it('asks a child neither smoker nor email (asked once, of the people they price)', () => {
    expect(errorsOf({ ...CHILD, smoker: '', email: '' })).toEqual([]);
    expect(errorsOf({ ...SPOUSE, email: '' })).toEqual([]);
  });

  it.each([
    // [case, body, requireSsn, expected errors]
    ['SSN optional without requireSsn', { ...SPOUSE, ssn: '' }, false, []],
    ['SSN required with requireSsn', { ...SPOUSE, ssn: '' }, true, [{ path: 'ssn', message: 'Field is required' }]],
    ['a given SSN is always checked', { ...SPOUSE, ssn: '123-45-67' }, false, [{ path: 'ssn', message: 'Invalid SSN format' }]],
    ['000-00-0000 is not an SSN for a spouse', { ...SPOUSE, ssn: '000-00-0000' }, true, [{ path: 'ssn', message: 'Invalid SSN format' }]],
    ['000-00-0000 is not an SSN for a child of 6', { ...CHILD, ssn: '000-00-0000' }, true, [{ path: 'ssn', message: 'Invalid SSN format' }]],
    ['a child under 1 may use 000-00-0000', { ...BABY, ssn: '000-00-0000' }, true, []],
    // Decisions section 6: a newborn's SSN arrives weeks after the birth, so it may be left empty.
    ['a child under 1 may be saved without an SSN', { ...BABY, ssn: '' }, true, []],
    ['... but a child of 6 may not', { ...CHILD, ssn: '' }, true, [{ path: 'ssn', message: 'Field is required' }]],
    ['a child under 1 with a bad SSN gets the placeholder message', { ...BABY, ssn: '12-3' }, true, [{ path: 'ssn', message: NEWBORN_MSG }]],
    ['without requireSsn the strict rule holds for a baby', { ...BABY, ssn: '000-00-0000' }, false, [{ path: 'ssn', message: 'Invalid SSN format' }]],
    ['the mask passes (the API checks the stored value)', { ...CHILD, ssn: 'XXX-XX-6712' }, true, []],
    ['a child with another last name needs a reason', { ...CHILD, lastName: 'Smith' }, true, [{ path: 'lastNameReasonId', message: 'Field is required' }]],
    ['... which the reason satisfies', { ...CHILD, lastName: 'Smith', lastNameReasonId: '1' }, true, []],
    ['last names compare without case', { ...CHILD, lastName: ' doe ' }, true, []],
    ['a spouse with another last name needs no reason', { ...SPOUSE, lastName: 'Smith' }, true, []],
    ['Totally disabled for a child', { ...CHILD, disabled: 'on' }, true, []],
    ['Totally disabled not for a spouse', { ...SPOUSE, disabled: 'on' }, true, [{ path: 'disabled', message: 'Only a child can be marked as totally disabled' }]],
    ['email valid if given', { ...SPOUSE, email: 'john@' }, true, [{ path: 'email', message: 'Please enter a valid email' }]],
    ['birth date format', { ...SPOUSE, birthDate: '1986-02-14' }, true, [{ path: 'birthDate', message: 'This is not a valid date' }]],
    ['a different address needs its fields', { ...SPOUSE, dependentDifferentAddress: 'on' }, true, ['address1', 'city', 'state', 'zip'].map((path) => ({ path, message: 'Field is required' }))],
    ['a different address zip format', { ...SPOUSE, dependentDifferentAddress: true, address1: '1 Elm St', city: 'Salem', state: 'MA', zip: '123' }, true, [{ path: 'zip', message: 'Invalid ZIP format' }]],
    ['an unknown relation', { ...SPOUSE, relationshipTypeId: '3' }, true, [{ path: 'relationshipTypeId', message: 'Please choose a value from the list' }]],
  ])('%s', (_case, body, requireSsn, expected) => {
    expect(errorsOf(body as Record<string, unknown>, requireSsn)).toEqual(expected);
  });

  it('shows the context rules together with the field errors', () => {
    expect(errorsOf({ ...BABY, firstName: '', ssn: '12-3' })).toEqual([
      { path: 'firstName', message: 'Field is required' },
      { path: 'ssn', message: NEWBORN_MSG },
    ]);
  });

  it('the pure rules read raw form values', () => {
    expect(dependentRuleIssues({ relationshipTypeId: '2', lastName: 'Smith', birthDate: '06/01/2026', ssn: '0' }, ctx(true))).toEqual([
      { path: 'ssn', message: NEWBORN_MSG },
      { path: 'lastNameReasonId', message: 'Field is required' },
    ]);
  });
});

describe('dependent addresses', () => {
  it('needs street, city, state and zip only for a different address', () => {
    expect(ZDependentAddressRequest.safeParse({ dependentDifferentAddress: false }).success).toBe(true);
    const r = ZDependentAddressRequest.safeParse({ dependentDifferentAddress: true, address1: '1 Elm St' });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.'))).toEqual(['city', 'state', 'zip']);
  });

  it('the batch takes numeric-string ids', () => {
    expect(ZDependentAddressesUpdateRequest.parse([{ id: '5', dependentDifferentAddress: 'false' }])).toEqual([{ id: 5, dependentDifferentAddress: false }]);
    expect(ZDependentAddressesUpdateRequest.safeParse([{ dependentDifferentAddress: false }]).success).toBe(false);
  });
});

describe('dependent completeness', () => {
  const base: DependentCompletenessInput = {
    firstName: 'John',
    lastName: 'Doe',
    relationshipTypeId: 1,
    gender: 1,
    smoker: 0,
    birthDate: '02/14/1986',
    email: 'john@example.com',
    ssn: '123-45-6711',
  };
  const c = (o: Partial<CompletenessContext> = {}): CompletenessContext => ({ employeeLastName: 'Doe', requireSsn: false, hideDocumentWarnings: false, today: TODAY, ...o });

  it('complete: green tick', () => {
    expect(dependentCompleteness(base, c())).toEqual({ complete: true, status: 'complete', errors: [], alerts: [], warnings: [] });
  });

  it('a child without smoker or email is complete, with no alert about the email', () => {
    const child = { ...base, firstName: 'Lily', relationshipTypeId: 2, birthDate: '05/01/2016', smoker: null, email: null };
    expect(dependentCompleteness(child, c())).toEqual({ complete: true, status: 'complete', errors: [], alerts: [], warnings: [] });
    // A spouse's missing email still raises the alert.
    expect(dependentCompleteness({ ...base, email: null }, c()).alerts).toEqual(['Email is missing!']);
  });

  it.each([
    ['firstName', 'First name is missing!'],
    ['lastName', 'Last name is missing!'],
    ['relationshipTypeId', 'Relation is missing!'],
    ['gender', 'Gender is missing!'],
    ['smoker', 'Smoker is missing!'],
    ['birthDate', 'Date of birth is missing!'],
  ] as const)('missing %s -> %s', (field, message) => {
    for (const value of [null, undefined, '']) {
      const r = dependentCompleteness({ ...base, [field]: value }, c());
      expect(r.errors).toEqual([message]);
      expect(r).toMatchObject({ complete: false, status: 'error' });
    }
  });

  it('smoker 0 counts as present', () => {
    expect(dependentCompleteness({ ...base, smoker: 0 }, c()).errors).toEqual([]);
    expect(dependentCompleteness({ ...base, smoker: '0' }, c()).errors).toEqual([]);
  });

  it.each([
    ['no email: alert', { email: null }, {}, { errors: [], alerts: ['Email is missing!'], status: 'warning', complete: true }],
    ['no SSN: alert', { ssn: null }, {}, { errors: [], alerts: ['SSN is missing!'], status: 'warning', complete: true }],
    ['no SSN with requireSsn: error', { ssn: null }, { requireSsn: true }, { errors: ['SSN is missing!'], alerts: [], status: 'error', complete: false }],
    ['placeholder for an adult counts as missing', { ssn: '000-00-0000' }, { requireSsn: true }, { errors: ['SSN is missing!'], complete: false }],
    ['placeholder for a child under 1 counts', { ssn: '000-00-0000', relationshipTypeId: 2, birthDate: '06/01/2026' }, { requireSsn: true }, { errors: [], complete: true }],
    ['no SSN for a child under 1 with requireSsn: alert (it arrives later)', { ssn: null, relationshipTypeId: 2, birthDate: '06/01/2026' }, { requireSsn: true }, { errors: [], alerts: ['SSN is missing!'], status: 'warning', complete: true }],
    ['no SSN for a child of 6 with requireSsn: error', { ssn: null, relationshipTypeId: 2, birthDate: '06/01/2020' }, { requireSsn: true }, { errors: ['SSN is missing!'], complete: false }],
    ['masked SSN counts', { ssn: 'XXX-XX-6711' }, { requireSsn: true }, { errors: [], complete: true }],
  ])('%s', (_case, patch, ctxPatch, expected) => {
    expect(dependentCompleteness({ ...base, ...patch }, c(ctxPatch))).toMatchObject(expected);
  });

  it('a spouse with another last name: marriage certificate warning, unless hideDocumentWarnings', () => {
    const r = dependentCompleteness({ ...base, lastName: 'Smith' }, c());
    expect(r).toMatchObject({ complete: true, status: 'warning', warnings: ["John's last name is different from yours. A marriage certificate upload may be required."] });
    expect(dependentCompleteness({ ...base, lastName: 'Smith' }, c({ hideDocumentWarnings: true })).warnings).toEqual([]);
  });

  it('a child with another last name: a warning asking for the reason until one is given', () => {
    const child = { ...base, firstName: 'Lily', relationshipTypeId: 2, lastName: 'Smith' };
    expect(dependentCompleteness(child, c()).warnings).toEqual(["Lily's last name is different from yours. Please select the reason for the different last name."]);
    expect(dependentCompleteness({ ...child, lastNameReasonId: 1 }, c()).warnings).toEqual([]);
    // hideDocumentWarnings is about documents only.
    expect(dependentCompleteness(child, c({ hideDocumentWarnings: true })).warnings).toHaveLength(1);
  });

  it('the Dependents step banner names the incomplete ones', () => {
    const list = [
      { firstName: 'John', lastName: 'Doe', completeness: dependentCompleteness(base, c()) },
      { firstName: 'Lily', lastName: 'Doe', completeness: dependentCompleteness({ ...base, gender: null }, c()) },
      { firstName: 'Max', lastName: 'Doe', completeness: dependentCompleteness({ ...base, birthDate: null }, c()) },
    ];
    expect(incompleteDependentsMessage(incompleteDependentNames(list))).toBe(
      'The information about your dependent(s) Lily Doe, Max Doe is not complete. Please fill in all required fields in order to continue.',
    );
  });
});
