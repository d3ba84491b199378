import request from 'supertest';
import { RegistrationStep } from '../../api/src/contracts/auth';
import { ZEmployeeUpdate } from '../../api/src/contracts/employees';
import { OnboardingMessages, OnboardingStep } from '../../api/src/contracts/onboarding';
import { auditRows, cloneAcmeClient, copyOfJane, createPerson, uniqueEmail } from '../support/fixtures';
import { appWithWorkers, linkFrom } from '../support/mail';
import { dataUrl, strokePng } from '../support/png';

/**
 * Issue 26 item 1: onboarding starts for every new hire it applies to, through the paths people take. HR or an
 * agent adds the employee (Add New Employee, welcome email), the hire registers from the emailed link and
 * signs in; GET /me, GET /onboarding and HR's view agree on whether the wizard runs. The flags can change
 * until the hire starts: turned off it is skipped, turned on (employee or client) before registration is
 * finished it starts. Order (document 1 section 2, document 3 section 2.12): the account from the emailed
 * link, then onboarding, then the rest of registration (benefit enrollment from the profile on).
 */
describe('onboarding starts for new hires', () => {
  const suite = appWithWorkers();
  const password = 'Hire-2027-pass';
  let hr: string;
  beforeAll(async () => {
    hr = await suite.t.login('hr@acme.test');
  });

  const api = (jwt: string, method: 'get' | 'put' | 'post', path: string) => request(suite.t.server)[method](`/mbl/api${path}`).set('Authorization', `Bearer ${jwt}`);
  const me = async (jwt: string) => (await api(jwt, 'get', '/me').expect(200)).body as { enableOnboarding: boolean; onboardingStep: number; registrationStep: number };
  const onboardingOf = (jwt: string) => me(jwt).then(({ enableOnboarding, onboardingStep }) => ({ enableOnboarding, onboardingStep }));
  const step = (jwt: string, n: number) => api(jwt, 'put', '/onboarding').send({ step: n });

  /** Add New Employee as the census form sends it; answers the id and the address the welcome email goes to. */
  async function addHire(admin: string, firstName: string, enableOnboarding: boolean): Promise<{ id: number; email: string; mark: Set<string> }> {
    const email = uniqueEmail(firstName.toLowerCase());
    const mark = suite.mail.mark();
    const body = { firstName, lastName: 'Hire', email, employmentId: 1, groupId: 1, hireDate: '11/02/2026', enableOnboarding };
    const { id } = (await api(admin, 'post', '/employees').send(body).expect(201)).body as { id: number };
    return { id, email, mark };
  }

  /** The hire opens the link in the welcome email and sets up the account (Account Setup); answers the session it gets. */
  async function registerFromEmail(hire: { email: string; mark: Set<string> }): Promise<string> {
    const message = await suite.mail.next(hire.email, /finish your registration/, hire.mark);
    const token = linkFrom(message, '/mbl/registration').searchParams.get('token');
    await request(suite.t.server).get('/mbl/api/registration').query({ token }).expect(200);
    const res = await request(suite.t.server).post('/mbl/api/registration').send({ token, password, securityQuestionId: '1', securityAnswer: 'Rex' }).expect(200);
    return (res.body as { jwt: string }).jwt;
  }

  /** Edit Employee with every field as the census shows it, and the onboarding flag as given. */
  async function setOnboarding(admin: string, employeeId: number, enableOnboarding: boolean): Promise<void> {
    const card = (await api(admin, 'get', `/employees/${employeeId}/employee`).expect(200)).body as Record<string, unknown>;
    const body: Record<string, unknown> = {};
    for (const key of Object.keys(ZEmployeeUpdate.shape)) if (card[key] !== null && card[key] !== undefined) body[key] = card[key];
    await api(admin, 'put', `/employees/${employeeId}`).send({ ...body, enableOnboarding }).expect(200);
  }

  it('HR adds a hire with onboarding on: after registering from the emailed link the wizard starts at its first step, walks to the end, and hands over to benefit enrollment', async () => {
    const hire = await addHire(hr, 'Olive', true);
    // Invited, not registered: HR already sees it pending.
    expect((await api(hr, 'get', `/employees/${hire.id}/onboarding`).expect(200)).body).toMatchObject({ step: OnboardingStep.Pending });

    const session = await registerFromEmail(hire);
    expect(await me(session)).toMatchObject({ enableOnboarding: true, onboardingStep: OnboardingStep.Pending, registrationStep: RegistrationStep.Account });
    // Signing in again later answers the same.
    const jwt = await suite.t.login(hire.email, password);
    expect(await onboardingOf(jwt)).toEqual({ enableOnboarding: true, onboardingStep: OnboardingStep.Pending });
    const status = (await api(jwt, 'get', '/onboarding').expect(200)).body as { step: number; steps: Array<{ step: number }>; accountSettings: boolean };
    expect(status).toMatchObject({ step: OnboardingStep.Pending, accountSettings: false });
    // Acme offers every optional step, and the census form leaves them on: I-9, W-4, payroll and EEO are collected.
    expect(status.steps.map((s) => s.step)).toEqual([2, 3, 4, 5, 6, 7, 8]);

    // Employee Profile: HR gave only the names; the hire completes it.
    expect((await step(jwt, OnboardingStep.Profile).expect(409)).body.message).toMatch(/^Employee Profile: complete your profile \(/);
    await api(jwt, 'put', '/employee')
      .send({ firstName: 'Olive', lastName: 'Hire', birthDate: '04/05/1990', gender: '2', smoker: '0', maritalStatusId: '1', ssn: '123-45-6791', address1: '5 Harbor Way', zip: '02110', city: 'Boston', state: 'MA', cellPhone: '617-555-0191', cellPhoneIndex: 2 })
      .expect(200);
    await step(jwt, OnboardingStep.Profile).expect(200);

    // Documents: Acme's handbook (opened, acknowledged) and the emergency contact form (every field, an upload).
    const [handbook, contact] = (await api(jwt, 'get', '/onboarding/custom').expect(200)).body as Array<{ id: number; files: Array<{ id: number }>; customFields: Array<{ id: number }> }>;
    await api(jwt, 'get', `/onboarding/files/${handbook!.files[0]!.id}/download`).expect(200);
    await api(jwt, 'put', '/onboarding/custom').send({ id: handbook!.id, acknowledged: true, fullName: 'Olive Hire' }).expect(200);
    await request(suite.t.server).post(`/mbl/api/onboarding/custom/${contact!.id}/file`).set('Authorization', `Bearer ${jwt}`).attach('file', Buffer.from('%PDF-1.4 id scan'), 'license.pdf').expect(201);
    const values = ['Alex Hire', '555-123-4567', 'alex@example.com', 'NY', '10001', '12/01/2026', 'M', '$100.00', '123-45-6780', 'None', 'true'];
    const customFields = contact!.customFields.map((f, i) => ({ id: f.id, value: values[i] ?? '' }));
    await api(jwt, 'put', '/onboarding/custom').send({ id: contact!.id, customFields, acknowledged: true, fullName: 'Olive Hire' }).expect(200);
    await step(jwt, OnboardingStep.Documents).expect(200);

    // I-9, W-4, direct deposit, EEO, signature.
    expect((await step(jwt, OnboardingStep.Eligibility).expect(409)).body.message).toBe(`Employment Eligibility Verification: ${OnboardingMessages.selectOneOfFour}`);
    await api(jwt, 'put', '/onboarding/i9').send({ workEligibilityType: '1' }).expect(200);
    await step(jwt, OnboardingStep.Eligibility).expect(200);
    await api(jwt, 'put', '/onboarding/w4').send({ federalFilingStatus: '1', federalWithholdingAllowance: '1', federalAdditionalWithholding: '0', federalExemption: '0' }).expect(200);
    await step(jwt, OnboardingStep.Tax).expect(200);
    await api(jwt, 'post', '/payroll').send({ method: '1', amountType: '1', amount: '100', routingNumber: '021000021', accountNumber: '123456789', accountType: '1' }).expect(201);
    await step(jwt, OnboardingStep.Payroll).expect(200);
    await api(jwt, 'put', '/onboarding/eeo').send({}).expect(200);
    await step(jwt, OnboardingStep.Eeo).expect(200);
    await api(jwt, 'post', '/onboarding/signature').send({ signature: dataUrl(strokePng()) }).expect(201);
    await step(jwt, OnboardingStep.Signature).expect(200);
    expect(await onboardingOf(jwt)).toEqual({ enableOnboarding: true, onboardingStep: OnboardingStep.Signature });
    await step(jwt, OnboardingStep.Finished).expect(200);

    // Benefit enrollment resumes after the profile, done here; onboarding never comes back.
    expect(await me(jwt)).toMatchObject({ onboardingStep: OnboardingStep.Finished, registrationStep: RegistrationStep.Profile });
    expect((await api(hr, 'get', `/employees/${hire.id}/onboarding`).expect(200)).body).toMatchObject({ step: OnboardingStep.Finished, i9: { workEligibilityType: 1 }, signedAt: expect.any(String) });
    const audit = (await auditRows(suite.db, hire.id)).map((r) => r.description);
    expect(audit).toEqual(expect.arrayContaining(['Employee Olive Hire added', 'Account created from the welcome email', 'Onboarding step completed: Payroll', 'Onboarding finished']));
  });

  it('an agent adds a hire with onboarding on; HR turns it off before they start: they skip it and go on with registration', async () => {
    const agent = await suite.t.login('agent@harbor.test');
    expect((await api(agent, 'get', '/me').expect(200)).body).toMatchObject({ clientName: 'Acme Corp', isAgent: true });
    const hire = await addHire(agent, 'Otto', true);
    expect((await api(hr, 'get', `/employees/${hire.id}/onboarding`).expect(200)).body).toMatchObject({ step: OnboardingStep.Pending });

    await setOnboarding(hr, hire.id, false);
    const [change] = await suite.db.query(`SELECT data FROM audit_log WHERE employee_id = $1 AND event_type = 'Employee' AND action_type = 'update' ORDER BY id DESC LIMIT 1`, [hire.id]);
    expect((change.data as Array<{ title: string; oldValue: string; newValue: string; changed: boolean }>).filter((d) => d.changed)).toEqual([
      { title: 'Onboarding', oldValue: 'Yes', newValue: 'No', changed: true },
    ]);
    expect((await api(hr, 'get', `/employees/${hire.id}/onboarding`).expect(200)).body).toMatchObject({ step: OnboardingStep.Finished });

    const jwt = await registerFromEmail(hire);
    expect(await me(jwt)).toMatchObject({ enableOnboarding: false, onboardingStep: OnboardingStep.Finished, registrationStep: RegistrationStep.Account });
    expect((await step(jwt, OnboardingStep.Profile).expect(404)).body.message).toBe(OnboardingMessages.notRunning);
  });

  it('HR turns onboarding on after the hire registered but before they finished registering: it starts at their next sign-in; not for someone registered long ago', async () => {
    const hire = await addHire(hr, 'Opal', false);
    const first = await registerFromEmail(hire);
    expect(await onboardingOf(first)).toEqual({ enableOnboarding: false, onboardingStep: OnboardingStep.Finished });

    await setOnboarding(hr, hire.id, true);
    const jwt = await suite.t.login(hire.email, password);
    expect(await me(jwt)).toMatchObject({ enableOnboarding: true, onboardingStep: OnboardingStep.Pending, registrationStep: RegistrationStep.Account });
    expect((await api(jwt, 'get', '/onboarding').expect(200)).body).toMatchObject({ step: OnboardingStep.Pending });
    // Its first step is open to them (refused only for what the profile lacks).
    expect((await step(jwt, OnboardingStep.Profile).expect(409)).body.message).toMatch(/^Employee Profile: complete your profile \(/);

    // Registration finished before: turning it on does not lock an enrolled employee in the wizard.
    const veteran = await copyOfJane(suite.db, 'Vera');
    await setOnboarding(hr, veteran.employeeId, true);
    expect(await onboardingOf(await suite.t.login(veteran.email))).toEqual({ enableOnboarding: true, onboardingStep: OnboardingStep.Finished });
  });

  it("the client's setting decides too: off, a hire with onboarding on skips it; switched on before they finish registering, it starts", async () => {
    const clientId = await cloneAcmeClient(suite.db);
    await suite.db.query('UPDATE client SET enable_onboarding = false WHERE id = $1', [clientId]);
    const admin = await createPerson(suite.db, { clientId, registered: true, roleType: 1, firstName: 'Hugo' });
    const cloneHr = await suite.t.login(admin.email);
    const hire = await addHire(cloneHr, 'Orla', true);
    const jwt = await registerFromEmail(hire);
    expect(await onboardingOf(jwt)).toEqual({ enableOnboarding: false, onboardingStep: OnboardingStep.Finished });

    // The client turns it on (no settings screen offers this yet: the agency's set-up writes the column).
    await suite.db.query('UPDATE client SET enable_onboarding = true WHERE id = $1', [clientId]);
    expect(await onboardingOf(jwt)).toEqual({ enableOnboarding: true, onboardingStep: OnboardingStep.Pending });
    expect((await api(jwt, 'get', '/onboarding').expect(200)).body).toMatchObject({ step: OnboardingStep.Pending, accountSettings: false });
  });
});
