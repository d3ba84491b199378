import { beneficiarySchema, beneficiaryShareTotals, clampShare, isEntityBeneficiary, lifePlanEnrolled, maskTaxId, maxShareFor, normalizeTaxId, shareIssue, type ShareRow } from './beneficiaries';

const P = (id: number, share: number | string): ShareRow => ({ id, beneficiaryType: 1, share });
const C = (id: number, share: number | string): ShareRow => ({ id, beneficiaryType: 2, share });
const T = (id: number, share: number | string): ShareRow => ({ id, beneficiaryType: '3', share });

describe('beneficiary share totals', () => {
  it.each([
    // [case, rows, totals, left, errors]
    ['nobody yet: primary must make 100', [], [0, 0, 0], [100, 100, 100], ['Total primary share must equal 100%']],
    ['one primary at 100', [P(1, 100)], [100, 0, 0], [0, 100, 100], []],
    ['two primaries making 100 (strings as the spec sends them)', [P(1, '60'), P(2, '40')], [100, 0, 0], [0, 100, 100], []],
    ['primary short', [P(1, 60)], [60, 0, 0], [40, 100, 100], ['Total primary share must equal 100%']],
    ['contingent only counts once one exists', [P(1, 100), C(2, 50)], [100, 50, 0], [0, 50, 100], ['Total contingent share must equal 100%']],
    ['tertiary too', [P(1, 100), C(2, 100), T(3, 20)], [100, 100, 20], [0, 0, 80], ['Total tertiary share must equal 100%']],
    ['all three wrong, primary first', [P(1, 10), C(2, 10), T(3, 10)], [10, 10, 10], [90, 90, 90], ['Total primary share must equal 100%', 'Total contingent share must equal 100%', 'Total tertiary share must equal 100%']],
    ['over 100 is also wrong and leaves nothing', [P(1, 70), P(2, 40)], [110, 0, 0], [0, 100, 100], ['Total primary share must equal 100%']],
    ['unknown types are ignored', [P(1, 100), { id: 9, beneficiaryType: 7, share: 5 }], [100, 0, 0], [0, 100, 100], []],
  ] as const)('%s', (_case, rows, totals, left, errors) => {
    const r = beneficiaryShareTotals(rows as readonly ShareRow[]);
    expect([r.totals[1], r.totals[2], r.totals[3]]).toEqual(totals);
    expect([r.left[1], r.left[2], r.left[3]]).toEqual(left);
    expect(r.errors).toEqual(errors);
    expect(r.valid).toBe(errors.length === 0);
  });

  it('leaves out the beneficiary being edited', () => {
    expect(maxShareFor([P(1, 60), P(2, 40)], 1, 2)).toBe(40);
    expect(maxShareFor([P(1, 60), P(2, 40)], 1)).toBe(0);
    expect(maxShareFor([P(1, 60)], 2)).toBe(100);
    expect(maxShareFor([P(1, 60)], 0)).toBe(0);
  });
});

describe('share clamping and the share field messages', () => {
  it.each([
    // [input, max, clamped]
    ['50', 100, 50],
    [150, 100, 100],
    [150, 40, 40],
    [0, 40, 1],
    [-5, 40, 1],
    ['abc', 40, undefined],
    ['', 40, undefined],
    [30, 0, 0],
  ] as const)('clampShare(%j, max %d) -> %j', (input, max, out) => {
    expect(clampShare(input, max)).toBe(out);
  });

  it.each([
    // [share, type, max, message]
    ['50', undefined, 100, 'Choose type of share'],
    ['50', '', 100, 'Choose type of share'],
    ['50', 1, 0, 'You already spent it'],
    ['50', '1', 40, 'From 1 to 40'],
    ['0', 2, 100, 'From 1 to 100'],
    ['', 2, 100, 'From 1 to 100'],
    ['12.5', 2, 100, 'From 1 to 100'],
    ['40', 1, 40, null],
    [1, 3, 100, null],
  ] as const)('share %j type %j max %d -> %j', (share, type, max, message) => {
    expect(shareIssue(share, type, max)).toBe(message);
  });
});

describe('Add/Edit Beneficiary form and POST/PUT /beneficiaries', () => {
  const VALID = { firstName: 'John', lastName: 'Doe', relationshipTypeId: '1', beneficiaryType: '1', share: '100', birthDate: '02/14/1986', ssn: '123-45-6711' };
  const errorsOf = (body: Record<string, unknown>, others: ShareRow[] = [], editingId?: number) => {
    const r = beneficiarySchema({ others, editingId }).safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('takes a complete beneficiary and answers the share as a number', () => {
    expect(beneficiarySchema({ others: [] }).parse(VALID)).toMatchObject({ share: 100, beneficiaryType: 1, relationshipTypeId: 1, ssn: '123-45-6711' });
  });

  it.each(['firstName', 'lastName', 'relationshipTypeId', 'birthDate', 'ssn'])('%s is required: "Field is required"', (field) => {
    expect(errorsOf({ ...VALID, [field]: '' })).toEqual([{ path: field, message: 'Field is required' }]);
  });

  it('beneficiaryType is required, and the share asks for it', () => {
    expect(errorsOf({ ...VALID, beneficiaryType: '' })).toEqual([
      { path: 'beneficiaryType', message: 'Field is required' },
      { path: 'share', message: 'Choose type of share' },
    ]);
  });

  it.each([
    ['a share above what is left', { share: '50' }, [P(1, 60)], undefined, [{ path: 'share', message: 'From 1 to 40' }]],
    ['nothing left of the type', { share: '10' }, [P(1, 100)], undefined, [{ path: 'share', message: 'You already spent it' }]],
    ['editing keeps its own share available', { share: '100' }, [P(1, 100)], 1, []],
    ['another type has its own 100', { beneficiaryType: '2', share: '100' }, [P(1, 100)], undefined, []],
    ['a bad SSN', { ssn: '123-45-67' }, [], undefined, [{ path: 'ssn', message: 'Invalid SSN format' }]],
    ['a birth date that is not a date', { birthDate: '02/30/1986' }, [], undefined, [{ path: 'birthDate', message: 'This is not a valid date' }]],
  ] as const)('%s', (_case, patch, others, editingId, expected) => {
    expect(errorsOf({ ...VALID, ...patch }, [...others], editingId)).toEqual(expected);
  });
});

describe('a Trust, Estate or Charity beneficiary: a name and an optional tax id, no birth date or SSN', () => {
  const TRUST = { firstName: 'Doe Family Trust', relationshipTypeId: '9', beneficiaryType: '1', share: '100' };
  const parse = (body: Record<string, unknown>) => beneficiarySchema({ others: [] }).safeParse(body);

  it.each([
    [9, true],
    [10, true],
    ['11', true],
    [1, false],
    [12, false],
    [undefined, false],
  ] as const)('relationship %j is an entity: %j', (id, expected) => {
    expect(isEntityBeneficiary(id)).toBe(expected);
  });

  it('takes a name alone, and drops the person fields sent with it', () => {
    const r = parse({ ...TRUST, lastName: 'ignored', birthDate: 'not a date', ssn: '12' });
    expect(r.success && r.data).toMatchObject({ entity: true, firstName: 'Doe Family Trust', lastName: '', birthDate: undefined, ssn: undefined, taxId: undefined });
  });

  it.each([
    ['123456789', '12-3456789'],
    ['12-3456789', '12-3456789'],
    [' 12 3456789 ', '12-3456789'],
    ['XX-XXX6789', 'XX-XXX6789'],
  ])('tax id %j is stored as %j', (taxId, stored) => {
    const r = parse({ ...TRUST, taxId });
    expect(r.success && r.data.taxId).toBe(stored);
  });

  it.each(['1234', '12-34567890', 'abc'])('tax id %j: "Enter the tax id as 12-3456789"', (taxId) => {
    const r = parse({ ...TRUST, taxId });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['taxId', 'Enter the tax id as 12-3456789']]);
  });

  it('still needs a name', () => {
    const r = parse({ ...TRUST, firstName: '' });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.'))).toEqual(['firstName']);
  });

  it('masks and normalizes', () => {
    expect(maskTaxId('12-3456789')).toBe('XX-XXX6789');
    expect(maskTaxId(null)).toBeNull();
    expect(normalizeTaxId('12345678')).toBeNull();
  });
});

describe('life plans', () => {
  it.each([
    [[{ planTypeId: 3, status: '1' }], true],
    [[{ planTypeId: 33, status: '1' }], true],
    [[{ planTypeId: 3, status: '-2' }], false],
    [[{ planTypeId: 1, status: '1' }], false],
    [[], false],
  ] as const)('%j -> %s', (rows, expected) => {
    expect(lifePlanEnrolled(rows)).toBe(expected);
  });
});
