import {
  CustomDocumentMessages,
  customDocumentIssues,
  customFieldIssue,
  finishLabel,
  formatAmountField,
  isValidRoutingNumber,
  normalizePayroll,
  onboardingSteps,
  OnboardingMessages as M,
  payrollIssues,
  ZI9Request,
  ZPayrollMethodRequest,
  ZW4Request,
  type PayrollRow,
} from './onboarding';

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);

describe('onboarding steps', () => {
  const none = { i9Enabled: false, w4Enabled: false, payrollEnabled: false, eeoEnabled: false };
  it.each([
    [none, [2, 3, 8]],
    [{ ...none, i9Enabled: true }, [2, 3, 4, 8]],
    [{ ...none, w4Enabled: true, eeoEnabled: true }, [2, 3, 5, 7, 8]],
    [{ i9Enabled: true, w4Enabled: true, payrollEnabled: true, eeoEnabled: true }, [2, 3, 4, 5, 6, 7, 8]],
  ])('%j -> %j', (flags, steps) => {
    expect(onboardingSteps(flags)).toEqual(steps);
  });

  it.each([
    [true, 'Continue to Benefit Enrollment'],
    [false, 'Get Started'],
  ])('the final button while the election window is open=%j reads %j', (open, label) => {
    expect(finishLabel(open)).toBe(label);
  });
});

describe('employment eligibility', () => {
  it.each([
    [{}, [['workEligibilityType', M.selectOneOfFour]]],
    [{ workEligibilityType: '7' }, [['workEligibilityType', M.selectOneOfFour]]],
    [{ workEligibilityType: '1' }, []],
    [{ workEligibilityType: '2' }, []],
    [{ workEligibilityType: '3' }, [['uscisNumber', M.fieldIsRequired]]],
    [{ workEligibilityType: '3', uscisNumber: 'A123456789' }, []],
    [{ workEligibilityType: '4' }, [['expirationDate', M.expireDateRequired], ['uscisNumber', M.fieldIsRequired]]],
    [{ workEligibilityType: '4', expirationDate: '13/40/2030', i94Number: '12345678901' }, [['expirationDate', M.dateFormatNotValid]]],
    [{ workEligibilityType: '4', expirationDate: '10/01/2030', i94Number: '12345678901' }, []],
    [{ workEligibilityType: '4', expirationDate: '10/01/2030', uscisNumber: 'A123' }, []],
    [{ workEligibilityType: '4', expirationDate: '10/01/2030', passportNumber: 'X1234567' }, [['issuanceCountry', M.bothFieldsRequired]]],
    [{ workEligibilityType: '4', expirationDate: '10/01/2030', issuanceCountry: 'Canada' }, [['passportNumber', M.bothFieldsRequired]]],
    [{ workEligibilityType: '4', expirationDate: '10/01/2030', passportNumber: 'X1234567', issuanceCountry: 'Canada' }, []],
  ])('%j', (body, expected) => {
    expect(issues(ZI9Request.safeParse(body))).toEqual(expected);
  });

  it('keeps only what the chosen type asks for', () => {
    expect(ZI9Request.parse({ workEligibilityType: 1, uscisNumber: 'A1', expirationDate: '10/01/2030' })).toEqual({
      workEligibilityType: 1,
      uscisNumber: null,
      i94Number: null,
      passportNumber: null,
      issuanceCountry: null,
      expirationDate: null,
    });
  });
});

describe('tax withholding', () => {
  const base = { federalFilingStatus: '1', federalWithholdingAllowance: '2', federalAdditionalWithholding: '25.50', federalExemption: '0' };
  it.each([
    [base, []],
    [{ ...base, federalFilingStatus: '' }, [['federalFilingStatus', M.filingStatusRequired]]],
    [{ ...base, federalWithholdingAllowance: '' }, [['federalWithholdingAllowance', M.allowancesRequired]]],
    [{ ...base, federalWithholdingAllowance: '-1' }, [['federalWithholdingAllowance', M.allowancesNegative]]],
    [{ ...base, federalAdditionalWithholding: '-5' }, [['federalAdditionalWithholding', M.amountNegative]]],
    [{ ...base, federalAdditionalWithholding: '' }, []],
    [{ ...base, federalExemption: '1' }, [['certifyThisYear', M.certifyBoth]]],
    [{ ...base, federalExemption: '1', certifyLastYear: 'on' }, [['certifyThisYear', M.certifyBoth]]],
    [{ ...base, federalExemption: '1', certifyLastYear: 'on', certifyThisYear: 'on' }, []],
  ])('%j', (body, expected) => {
    expect(issues(ZW4Request.safeParse(body))).toEqual(expected);
  });

  it('stores the additional amount in cents and the allowances as a number', () => {
    expect(ZW4Request.parse({ ...base, federalAdditionalWithholding: '$1,025.50' })).toMatchObject({ federalWithholdingAllowance: 2, federalAdditionalWithholdingCents: 102550, federalExemption: '0' });
  });
});

describe('payroll', () => {
  it.each([
    ['011000015', true],
    ['021000021', true],
    ['026009593', true],
    ['121000248', true],
    ['021000022', false],
    ['12345678', false],
    ['000000000', false],
    ['0110000a5', false],
  ])('routing number %s passes the ABA checksum: %j', (n, ok) => {
    expect(isValidRoutingNumber(n)).toBe(ok);
  });

  const deposit = { method: '1', amountType: '1', amount: '60', routingNumber: '021000021', accountNumber: '123456789', accountType: '1' };
  it.each([
    [deposit, []],
    [{ ...deposit, routingNumber: '', accountNumber: '', accountType: '' }, [['routingNumber', M.fieldRequired], ['accountNumber', M.fieldRequired], ['accountType', M.selectAccountType]]],
    [{ ...deposit, routingNumber: '021000022' }, [['routingNumber', M.routingInvalid]]],
    [{ ...deposit, routingNumber: 'XXXXX0021', accountNumber: 'XXXXX6789' }, []],
    [{ ...deposit, accountNumber: 'X6789' }, [['accountNumber', M.accountInvalid]]],
    [{ ...deposit, amount: '' }, [['amount', M.amountRequired]]],
    [{ ...deposit, amount: '-10' }, [['amount', M.amountNegative]]],
    [{ method: '3', amountType: '2', amount: '250' }, []],
    [{ method: '2', amountType: '3' }, []],
    [{ method: '3', amountType: '2' }, [['amount', M.amountRequired]]],
  ])('%j', (body, expected) => {
    expect(issues(ZPayrollMethodRequest.safeParse(body))).toEqual(expected);
  });

  it('drops the bank fields of a card or check', () => {
    expect(ZPayrollMethodRequest.parse({ ...deposit, method: '3' })).toMatchObject({ method: 3, routingNumber: null, accountNumber: null, accountType: null, amount: 6000 });
  });

  const row = (amountType: number, amount: number, sortOrder: string): PayrollRow => ({ amountType, amount, sortOrder });
  it.each([
    ['two dollar amounts: the last (by sort order) takes the rest', [row(2, 25000, '2'), row(2, 10000, '1')], [row(2, 10000, '1'), row(2, 0, '2')]],
    ['one dollar amount stays', [row(2, 25000, '1')], [row(2, 25000, '1')]],
    ['a remaining amount is stored as dollars 0', [row(1, 10000, '1'), row(3, 0, '2')], [row(1, 10000, '1'), row(2, 0, '2')]],
    ['percentages stay', [row(1, 6000, '1'), row(1, 4000, '2')], [row(1, 6000, '1'), row(1, 4000, '2')]],
  ])('%s', (_case, rows, expected) => {
    expect(normalizePayroll(rows)).toEqual(expected);
  });

  it.each([
    [[], [M.createPayrollMethods]],
    [[row(1, 6000, '1'), row(1, 4000, '2')], []],
    [[row(1, 6000, '1'), row(1, 3000, '2')], [M.totalPercentage]],
    [[row(2, 25000, '1'), row(2, 0, '2')], []],
  ])('totals of %j', (rows, expected) => {
    expect(payrollIssues(rows)).toEqual(expected);
  });
});

describe('custom documents', () => {
  const states = new Set(['NY', 'MA']);
  const D = CustomDocumentMessages;
  it.each([
    ['text', '', D.fieldRequired],
    ['text', 'Anything', null],
    ['textarea', '  ', D.fieldRequired],
    ['checkbox', '', null],
    ['checkbox', 'true', null],
    ['email', 'a@b', D.invalidEmail],
    ['email', 'a@b.co', null],
    ['ssn', '123-45-678', D.invalidSsn],
    ['ssn', '123-45-6789', null],
    ['ssn', 'XXX-XX-6789', null],
    ['phone', '555-1234', D.invalidPhone],
    ['phone', '555-123-4567', null],
    ['zip', '1234', D.invalidZip],
    ['zip', '02110', null],
    ['date', '02/30/2027', D.invalidDate],
    ['date', '02/28/2027', null],
    ['amount', '-5', D.invalidAmount],
    ['amount', '$1,234.50', null],
    ['dropdown', 'Purple', D.unknownChoice],
    ['dropdown', 'Blue', null],
    ['state', 'ZZ', D.unknownChoice],
    ['state', 'ny', null],
  ] as const)('%s %j -> %j', (fieldType, value, message) => {
    expect(customFieldIssue({ fieldType, options: ['Blue', 'Green'] }, value, states)).toBe(message);
  });

  it.each([
    ['1234.5', '$1,234.50'],
    ['1000000', '$1,000,000'],
    ['$12', '$12'],
    ['abc', 'abc'],
  ])('amount %j shows as %j', (raw, shown) => {
    expect(formatAmountField(raw)).toBe(shown);
  });

  const doc = {
    customFields: [{ id: 1, fieldType: 'text' as const }, { id: 2, fieldType: 'checkbox' as const }],
    fileIds: [10, 11],
    requireFileView: true,
    requireFileUpload: true,
    requireAcknowledgment: true,
    requireSignature: false,
    requireApproval: false,
  };
  it('names everything missing: fields, unopened files, the upload, the acknowledgment and the typed name', () => {
    expect(customDocumentIssues(doc, { values: new Map(), fullName: '', acknowledged: false, fileId: null }, new Set([10]), states)).toEqual([
      { path: 'customFields.0.value', message: D.fieldRequired },
      { path: 'files', message: D.openAll },
      { path: 'files.11', message: D.fileMustBeOpened },
      { path: 'fileId', message: D.fileMustBeUploaded },
      { path: 'acknowledged', message: D.acknowledge },
      { path: 'fullName', message: D.nameRequired },
    ]);
  });
  it('passes a complete answer; without any require* flag only the fields count', () => {
    expect(customDocumentIssues(doc, { values: new Map([[1, 'x']]), fullName: 'Sam Carter', acknowledged: true, fileId: 5 }, new Set([10, 11]), states)).toEqual([]);
    const plain = { ...doc, requireFileView: false, requireFileUpload: false, requireAcknowledgment: false };
    expect(customDocumentIssues(plain, { values: new Map([[1, 'x']]), fullName: '', acknowledged: false, fileId: null }, new Set(), states)).toEqual([]);
    expect(customDocumentIssues({ ...plain, requireApproval: true }, { values: new Map([[1, 'x']]), fullName: '', acknowledged: true, fileId: null }, new Set(), states)).toEqual([{ path: 'fullName', message: D.nameRequired }]);
  });
});
