import request from 'supertest';
import { DataSource } from 'typeorm';
import { RegistrationStep } from '../../api/src/contracts/auth';
import { Messages } from '../../api/src/contracts/messages';
import { CustomDocumentMessages as D, OnboardingMessages as M, OnboardingStep } from '../../api/src/contracts/onboarding';
import { SecuredDataCipher } from '../../api/src/core/crypto/secured-data';
import { createTestApp, type TestApp } from '../support/app';
import { auditRows, completeProfile, createPerson, type FixturePerson } from '../support/fixtures';
import { dataUrl, strokePng } from '../support/png';

const SEALED = /^[A-Za-z0-9_-]+:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*$/;

/**
 * New-hire onboarding (document 3 sections 2.12, 4, 5 and 7; decisions: bank lookup, secured data, server-owned
 * progress). Acme has every optional step on, so a new hire goes through all of them.
 */
describe('onboarding', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const api = (jwt: string, method: 'get' | 'put' | 'post' | 'delete', path: string) => request(t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const step = (jwt: string, n: number) => api(jwt, 'put', '/onboarding').send({ step: n });
  const errorsOf = (res: request.Response) => (res.body.errors as Array<{ path: string; message: string }>).map((e) => [e.path, e.message]);

  /** A new hire of Acme with onboarding enabled and nothing done yet. */
  async function newHire(): Promise<{ p: FixturePerson; jwt: string }> {
    const p = await createPerson(db, { registered: true });
    await db.query(`UPDATE account SET onboarding_step = 1, registration_step = $2 WHERE id = $1`, [p.accountId, RegistrationStep.WelcomeEmail]);
    await db.query(`UPDATE employee SET enable_onboarding = true, new_hire = true WHERE id = $1`, [p.employeeId]);
    return { p, jwt: await t.login(p.email) };
  }

  it('goes through every step in order, each refused until its rules hold, and finishes into benefit enrollment', async () => {
    const { p, jwt } = await newHire();
    const status = (await api(jwt, 'get', '/onboarding').expect(200)).body;
    expect(status).toEqual({
      step: 1,
      steps: [
        { step: 2, label: 'Employee Profile' },
        { step: 3, label: 'Documents' },
        { step: 4, label: 'Employment Eligibility Verification' },
        { step: 5, label: 'Tax Withholding' },
        { step: 6, label: 'Payroll' },
        { step: 7, label: 'EEO' },
        { step: 8, label: 'Signature' },
      ],
      accountSettings: false,
      finishLabel: 'Continue to Benefit Enrollment',
    });

    // No skipping, and the profile must be complete.
    expect((await step(jwt, OnboardingStep.Documents).expect(409)).body.message).toBe('Finish the steps in order: Employee Profile comes next');
    expect((await step(jwt, OnboardingStep.Profile).expect(409)).body.message).toMatch(/^Employee Profile: complete your profile \(/);
    await completeProfile(db, p.employeeId, (plain) => t.app.get(SecuredDataCipher).encrypt(plain));
    await step(jwt, OnboardingStep.Profile).expect(200);

    // Documents: Acme's two, each refused until its rules hold.
    expect((await step(jwt, OnboardingStep.Documents).expect(409)).body.message).toBe(
      'Documents: submit "Employee Handbook". Documents: submit "Emergency Contact and Identification"',
    );
    const [handbook, contact] = (await api(jwt, 'get', '/onboarding/custom').expect(200)).body as Array<{ id: number; files: Array<{ id: number; opened: boolean }>; customFields: Array<{ id: number; fieldType: string }> }>;
    expect(handbook!.files).toEqual([{ id: expect.any(Number), title: 'Employee Handbook', opened: false }]);
    expect(contact!.customFields.map((f) => f.fieldType)).toEqual(['text', 'phone', 'email', 'state', 'zip', 'date', 'dropdown', 'amount', 'ssn', 'textarea', 'checkbox']);
    expect(errorsOf(await api(jwt, 'put', '/onboarding/custom').send({ id: handbook!.id }).expect(400))).toEqual([
      ['files', D.openAll],
      [`files.${handbook!.files[0]!.id}`, D.fileMustBeOpened],
      ['acknowledged', D.acknowledge],
      ['fullName', D.nameRequired],
    ]);
    // Opening the file counts; then the acknowledgment with a typed name.
    await api(jwt, 'get', `/onboarding/files/${handbook!.files[0]!.id}/download`).expect(200);
    expect((await api(jwt, 'get', '/onboarding/files').expect(200)).body).toEqual([{ id: handbook!.files[0]!.id, title: 'Employee Handbook', opened: true }]);
    await api(jwt, 'put', '/onboarding/custom').send({ id: handbook!.id, acknowledged: true, fullName: 'Fix Ture' }).expect(200);

    const answers = (values: string[]) => contact!.customFields.map((f, i) => ({ id: f.id, value: values[i] ?? '' }));
    const bad = await api(jwt, 'put', '/onboarding/custom').send({ id: contact!.id, customFields: answers(['', '555-1234', 'a@b', 'ZZ', '1234', '02/30/2027', 'XXL', '-5', '12-3', '', '']) }).expect(400);
    expect(errorsOf(bad)).toEqual([
      ['customFields.0.value', D.fieldRequired],
      ['customFields.1.value', D.invalidPhone],
      ['customFields.2.value', D.invalidEmail],
      ['customFields.3.value', D.unknownChoice],
      ['customFields.4.value', D.invalidZip],
      ['customFields.5.value', D.invalidDate],
      ['customFields.6.value', D.unknownChoice],
      ['customFields.7.value', D.invalidAmount],
      ['customFields.8.value', D.invalidSsn],
      ['customFields.9.value', D.fieldRequired],
      ['fileId', D.fileMustBeUploaded],
      ['acknowledged', D.acknowledge],
      ['fullName', D.nameRequired],
    ]);
    const uploaded = (await request(t.server).post(`/mbl/api/onboarding/custom/${contact!.id}/file`).set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('%PDF-1.4 id scan'), 'license.pdf').expect(201)).body;
    expect(uploaded).toEqual({ fileId: expect.any(Number), title: 'license.pdf' });
    // A page sent as an upload is typed from its bytes (plain text), never from its name or header: never served as HTML.
    const page = (await request(t.server).post(`/mbl/api/onboarding/custom/${contact!.id}/file`).set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('<script>alert(1)</script>'), { filename: 'x.html', contentType: 'text/html' }).expect(201)).body;
    expect((await db.query('SELECT content_type FROM file WHERE id = $1', [page.fileId]))[0].content_type).toBe('text/plain');
    const again = (await request(t.server).post(`/mbl/api/onboarding/custom/${contact!.id}/file`).set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('%PDF-1.4 id scan'), 'license.pdf').expect(201)).body;
    expect(again.title).toBe('license.pdf');
    const good = ['Alex Ture', '555-123-4567', 'alex@example.com', 'NY', '10001', '12/01/2026', 'M', '$1,200.50', '123-45-6780', 'None', 'true'];
    const submitted = (await api(jwt, 'put', '/onboarding/custom').send({ id: contact!.id, customFields: answers(good), acknowledged: true, fullName: 'Fix Ture' }).expect(200)).body;
    expect(submitted).toMatchObject({ fileId: again.fileId, fileTitle: 'license.pdf', approval: 'pending', submittedAt: expect.any(String) });
    expect(submitted.customFields[8].value).toBe('XXX-XX-6780');
    const [response] = await db.query('SELECT field_values FROM onboarding_document_response WHERE employee_id = $1 AND document_id = $2', [p.employeeId, contact!.id]);
    expect(response.field_values['9']).toMatch(SEALED);
    expect((await db.query(`SELECT status FROM action WHERE employee_id = $1`, [p.employeeId])).map((r: { status: string }) => r.status)).toEqual(['pending']);
    await step(jwt, OnboardingStep.Documents).expect(200);

    // I-9: the four types and their fields; the numbers sealed at rest and masked in answers.
    expect((await step(jwt, OnboardingStep.Eligibility).expect(409)).body.message).toBe(`Employment Eligibility Verification: ${M.selectOneOfFour}`);
    expect(errorsOf(await api(jwt, 'put', '/onboarding/i9').send({}).expect(400))).toEqual([['workEligibilityType', M.selectOneOfFour]]);
    expect(errorsOf(await api(jwt, 'put', '/onboarding/i9').send({ workEligibilityType: '4', passportNumber: 'X1234567' }).expect(400))).toEqual([
      ['expirationDate', M.expireDateRequired],
      ['issuanceCountry', M.bothFieldsRequired],
    ]);
    const i9 = (await api(jwt, 'put', '/onboarding/i9').send({ workEligibilityType: '4', passportNumber: 'X1234567', issuanceCountry: 'Canada', expirationDate: '10/01/2030' }).expect(200)).body;
    expect(i9).toEqual({ workEligibilityType: 4, uscisNumber: null, i94Number: null, passportNumber: 'XXXXX4567', issuanceCountry: 'Canada', expirationDate: '10/01/2030' });
    const [eligibility] = await db.query('SELECT passport_number_enc FROM employee_eligibility WHERE employee_id = $1', [p.employeeId]);
    expect(eligibility.passport_number_enc).toMatch(SEALED);
    // The mask sent back keeps the stored number.
    await api(jwt, 'put', '/onboarding/i9').send({ ...i9, workEligibilityType: '4' }).expect(200);
    expect(t.app.get(SecuredDataCipher).decrypt((await db.query('SELECT passport_number_enc FROM employee_eligibility WHERE employee_id = $1', [p.employeeId]))[0].passport_number_enc)).toBe('X1234567');
    const docs = (await api(jwt, 'get', '/onboarding/i9-docs').expect(200)).body;
    expect(docs.note).toBe(M.documentsNote);
    expect(docs.lists.map((l: { title: string }) => l.title)).toEqual(['List A', 'List B', 'List C']);
    await step(jwt, OnboardingStep.Eligibility).expect(200);

    // W-4.
    expect(errorsOf(await api(jwt, 'put', '/onboarding/w4').send({ federalWithholdingAllowance: '-1', federalAdditionalWithholding: '-5' }).expect(400))).toEqual([
      ['federalFilingStatus', M.filingStatusRequired],
      ['federalWithholdingAllowance', M.allowancesNegative],
      ['federalAdditionalWithholding', M.amountNegative],
    ]);
    expect(errorsOf(await api(jwt, 'put', '/onboarding/w4').send({ federalFilingStatus: '1', federalWithholdingAllowance: '0', federalExemption: '1' }).expect(400))).toEqual([['certifyThisYear', M.certifyBoth]]);
    const w4 = (await api(jwt, 'put', '/onboarding/w4').send({ federalFilingStatus: '2', federalWithholdingAllowance: '2', federalAdditionalWithholding: '25.50', federalExemption: '0' }).expect(200)).body;
    expect(w4).toEqual({ federalFilingStatus: '2', federalWithholdingAllowance: 2, federalAdditionalWithholding: '25.50', federalExemption: '0', exemptionYear: null });
    await step(jwt, OnboardingStep.Tax).expect(200);

    // Payroll: a 60/40 split by percentage, deposit first.
    expect((await step(jwt, OnboardingStep.Payroll).expect(409)).body.message).toBe(`Payroll: ${M.createPayrollMethods}`);
    const deposit = (await api(jwt, 'post', '/payroll').send({ method: '1', amountType: '1', amount: '60', routingNumber: '021000021', accountNumber: '123456789', accountType: '1' }).expect(201)).body;
    expect(deposit).toMatchObject({ method: 1, amountType: 1, amount: '60.00', routingNumber: 'XXXXX0021', accountNumber: 'XXXXX6789', bankName: 'JPMorgan Chase Bank', sortOrder: '1' });
    const check = (await api(jwt, 'post', '/payroll').send({ method: '3', amountType: '1', amount: '30' }).expect(201)).body;
    expect(errorsOf(await api(jwt, 'put', '/payroll').send({ methods: [{ id: deposit.id, sortOrder: '1' }, { id: check.id, sortOrder: '2' }] }).expect(400))).toEqual([['methods', M.totalPercentage]]);
    expect((await step(jwt, OnboardingStep.Payroll).expect(409)).body.message).toBe(`Payroll: ${M.totalPercentage}`);
    await api(jwt, 'put', `/payroll/${check.id}`).send({ method: '3', amountType: '1', amount: '40' }).expect(200);
    const saved = (await api(jwt, 'put', '/payroll').send({ methods: [{ id: deposit.id, sortOrder: '1' }, { id: check.id, sortOrder: '2' }] }).expect(200)).body;
    expect(saved.map((m: { amount: string }) => m.amount)).toEqual(['60.00', '40.00']);
    const [stored] = await db.query('SELECT routing_number_enc, account_number_enc FROM payroll_method WHERE id = $1', [deposit.id]);
    expect(stored.routing_number_enc).toMatch(SEALED);
    expect(stored.account_number_enc).toMatch(SEALED);
    expect(JSON.stringify(stored)).not.toContain('123456789');
    // The first cannot be deleted; the clear numbers need the password and the unlock is audited.
    expect(errorsOf(await api(jwt, 'delete', `/payroll/${deposit.id}`).expect(400))).toEqual([['id', M.firstMethodKept]]);
    await api(jwt, 'post', '/payroll/personal').send({ password: 'nope-nope' }).expect(400);
    const clear = (await api(jwt, 'post', '/payroll/personal').send({ password: 'Passw0rd!' }).expect(200)).body;
    expect(clear).toEqual([
      { id: deposit.id, routingNumber: '021000021', accountNumber: '123456789' },
      { id: check.id, routingNumber: null, accountNumber: null },
    ]);
    await step(jwt, OnboardingStep.Payroll).expect(200);

    // EEO (all optional), then the signature.
    await api(jwt, 'put', '/onboarding/eeo').send({}).expect(200);
    expect((await api(jwt, 'put', '/onboarding/eeo').send({ eeoRace: '8' }).expect(200)).body).toEqual({ eeoGender: null, eeoRace: 8, eeoJobCategory: null, eeoMilitaryStatus: null });
    await step(jwt, OnboardingStep.Eeo).expect(200);
    expect((await step(jwt, OnboardingStep.Signature).expect(409)).body.message).toBe('Signature: Please sign your enrollment before you continue');
    await api(jwt, 'post', '/onboarding/signature').send({ signature: 'data:image/png;base64,AAAA' }).expect(400);
    await api(jwt, 'post', '/onboarding/signature').send({ signature: dataUrl(strokePng()) }).expect(201);
    await step(jwt, OnboardingStep.Signature).expect(200);
    await step(jwt, OnboardingStep.Finished).expect(200);

    const me = (await api(jwt, 'get', '/me').expect(200)).body;
    expect(me).toMatchObject({ onboardingStep: 0, registrationStep: RegistrationStep.Profile });
    await step(jwt, OnboardingStep.Finished).expect(404);

    // HR reads it (masked) in the census; another client's HR does not find the employee.
    const hr = await t.login('hr@acme.test');
    const seen = (await api(hr, 'get', `/employees/${p.employeeId}/onboarding`).expect(200)).body;
    expect(seen).toMatchObject({ step: 0, i9: { workEligibilityType: 4, passportNumber: 'XXXXX4567' }, w4: { federalFilingStatus: '2' }, eeo: { eeoRace: 8 }, signedAt: expect.any(String) });
    expect(seen.payroll.map((m: { accountNumber: string | null }) => m.accountNumber)).toEqual(['XXXXX6789', null]);
    await api(jwt, 'get', `/employees/${p.employeeId}/onboarding`).expect(403);

    // Every change audited, no clear bank or passport number in the log.
    const audit = JSON.stringify(await auditRows(db, p.employeeId));
    for (const secret of ['123456789', '021000021', 'X1234567']) expect(audit).not.toContain(secret);
    expect(audit).toContain('Onboarding finished');
    expect(audit).toContain('Payroll method added');
  });

  it('answers the bank of a routing number: its name, null when valid but unknown, 400 when the checksum fails', async () => {
    const { jwt } = await newHire();
    expect((await api(jwt, 'get', '/bank-lookup/026009593').expect(200)).body).toEqual({ bankName: 'Bank of America' });
    expect((await api(jwt, 'get', '/bank-lookup/011000028').expect(200)).body).toEqual({ bankName: null });
    expect((await api(jwt, 'get', '/bank-lookup/021000022').expect(400)).body.message).toBe(M.routingInvalid);
    await api(jwt, 'get', '/bank-lookup/abc').expect(400);
  });

  it("another employee's payroll method is not found, and two dollar amounts leave the rest to the last", async () => {
    const a = await newHire();
    const b = await newHire();
    const theirs = (await api(a.jwt, 'post', '/payroll').send({ method: '3', amountType: '2', amount: '250' }).expect(201)).body;
    await api(b.jwt, 'put', `/payroll/${theirs.id}`).send({ method: '3', amountType: '2', amount: '1' }).expect(404);
    await api(b.jwt, 'delete', `/payroll/${theirs.id}`).expect(404);
    expect((await api(b.jwt, 'get', '/payroll').expect(200)).body).toEqual([]);

    const second = (await api(a.jwt, 'post', '/payroll').send({ method: '2', amountType: '2', amount: '100' }).expect(201)).body;
    const saved = (await api(a.jwt, 'put', '/payroll').send({ methods: [{ id: theirs.id, sortOrder: '1' }, { id: second.id, sortOrder: '2' }] }).expect(200)).body;
    expect(saved.map((m: { amountType: number; amount: string }) => [m.amountType, m.amount])).toEqual([
      [2, '250.00'],
      [2, '0.00'],
    ]);
    // Deleting a method that is not the first is allowed.
    await api(a.jwt, 'delete', `/payroll/${second.id}`).expect(200);
  });

  it('a username account starts with Account Settings: an email of its own and a security question', async () => {
    const p = await createPerson(db, { registered: true, method: 'username' });
    await db.query(`UPDATE account SET onboarding_step = 1, registration_step = $2 WHERE id = $1`, [p.accountId, RegistrationStep.WelcomeEmail]);
    await db.query(`UPDATE employee SET enable_onboarding = true, new_hire = true WHERE id = $1`, [p.employeeId]);
    const jwt = await t.login(p.username);
    expect((await api(jwt, 'get', '/onboarding').expect(200)).body.accountSettings).toBe(true);
    expect((await step(jwt, OnboardingStep.Profile).expect(409)).body.message).toBe(`Employee Profile: ${M.accountSettingsFirst}`);
    expect(errorsOf(await api(jwt, 'put', '/onboarding/account').send({}).expect(400)).map(([path]) => path)).toEqual(['email', 'securityQuestionId', 'securityAnswer']);
    expect(errorsOf(await api(jwt, 'put', '/onboarding/account').send({ email: 'jane@acme.test', securityQuestionId: '1', securityAnswer: 'Rex' }).expect(400))).toEqual([['email', Messages.emailInUse]]);
    const email = `own.${p.accountId}@example.com`;
    await api(jwt, 'put', '/onboarding/account').send({ email, securityQuestionId: '2', securityAnswer: 'Blue' }).expect(200);
    const [account] = await db.query('SELECT email, security_question_id, registration_step FROM account WHERE id = $1', [p.accountId]);
    expect(account).toEqual({ email, security_question_id: 2, registration_step: RegistrationStep.Account });
    expect((await api(jwt, 'get', '/onboarding').expect(200)).body.accountSettings).toBe(false);
    await api(jwt, 'put', '/onboarding/account').send({ email, securityQuestionId: '2', securityAnswer: 'Blue' }).expect(409);
    // Now the profile's own rules apply.
    expect((await step(jwt, OnboardingStep.Profile).expect(409)).body.message).toMatch(/^Employee Profile: complete your profile/);
  });

  it('is refused once finished or for an account without onboarding', async () => {
    const p = await createPerson(db, { registered: true });
    const jwt = await t.login(p.email);
    expect((await step(jwt, OnboardingStep.Profile).expect(404)).body.message).toBe(M.notRunning);
    expect((await api(jwt, 'get', '/onboarding').expect(200)).body.step).toBe(0);
  });
});
