import { ZEmployeeProfileRequest, ZZipLookupQuery } from './profile';

const VALID = {
  firstName: 'Jane',
  middleName: '',
  lastName: 'Doe',
  maidenName: '',
  birthDate: '09/23/1988',
  gender: '2',
  smoker: '0',
  maritalStatusId: '2',
  ssn: 'XXX-XX-6701',
  address1: '100 Main Street',
  address2: '',
  zip: '02110',
  city: 'Boston',
  state: 'MA',
  officePhone: '',
  homePhone: '',
  cellPhone: '617-555-0100',
  cellPhoneIndex: '3',
};

const errorsOf = (body: Record<string, unknown>) => {
  const r = ZEmployeeProfileRequest.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('Employee Profile form and PUT /employee', () => {
  it('takes the form as conform or JSON sends it: numeric-string ids, "" for absent, the SSN mask', () => {
    const r = ZEmployeeProfileRequest.parse(VALID);
    expect(r).toMatchObject({ gender: 2, smoker: 0, maritalStatusId: 2, middleName: undefined, address2: undefined, officePhone: undefined, cellPhoneIndex: 3, ssn: 'XXX-XX-6701' });
    // conform sends undefined for empty fields.
    expect(errorsOf({ ...VALID, middleName: undefined, maidenName: undefined, address2: undefined, homePhone: undefined })).toEqual([]);
  });

  it.each(['firstName', 'lastName', 'gender', 'smoker', 'maritalStatusId', 'ssn', 'address1', 'zip', 'city', 'state', 'birthDate'])(
    '%s is required: "Field is required" whether "" , absent or null',
    (field) => {
      for (const value of ['', undefined, null, '   ']) expect(errorsOf({ ...VALID, [field]: value })).toEqual([{ path: field, message: 'Field is required' }]);
    },
  );

  it.each(['middleName', 'maidenName', 'address2', 'officePhone', 'homePhone', 'cellPhone'])('%s is optional', (field) => {
    expect(errorsOf({ ...VALID, [field]: '' })).toEqual([]);
  });

  it.each([
    ['birthDate', '1988-09-23', 'This is not a valid date'],
    ['birthDate', '02/30/1988', 'This is not a valid date'],
    ['zip', '2110', 'Invalid ZIP format'],
    ['ssn', '000-00-0000', 'Invalid SSN format'],
    ['ssn', '123456789', 'Invalid SSN format'],
    ['officePhone', '617 555 0100', 'Phone number is not valid'],
    ['homePhone', '617-555-01000', 'Phone number is not valid'],
    ['cellPhone', '6175550100', 'Phone number is not valid'],
    ['gender', '7', 'Please choose a value from the list'],
    ['state', 'ZZ', 'Please choose a value from the list'],
  ])('%s %j -> %s', (field, value, message) => {
    expect(errorsOf({ ...VALID, [field]: value })).toEqual([{ path: field, message }]);
  });

  it('answers every message at once', () => {
    expect(errorsOf({}).map((e) => e.path).sort()).toEqual(
      ['address1', 'birthDate', 'city', 'firstName', 'gender', 'lastName', 'maritalStatusId', 'smoker', 'ssn', 'state', 'zip'].sort(),
    );
  });
});

describe('GET /zip-lookup query', () => {
  it.each([
    ['02110', true],
    ['2110', false],
    ['', false],
  ])('%j valid = %s', (zip, ok) => {
    const r = ZZipLookupQuery.safeParse({ zip });
    expect(r.success).toBe(ok);
    if (!r.success) expect(r.error.issues[0]?.message).toBe(zip === '' ? 'Field is required' : 'Invalid ZIP format');
  });
});
