import { REGISTRATION_ORDER, REGISTRATION_REOPEN_STEPS, REGISTRATION_STEPS, RegistrationStep } from './auth';

/** The registration's order and labels, once: the server's step model and the site's wizard read these. */
describe('registration steps', () => {
  it.each<[number, number, string]>([
    [0, RegistrationStep.WelcomeEmail, 'Welcome email'],
    [1, RegistrationStep.Account, 'Account Setup'],
    [2, RegistrationStep.Profile, 'Employee Profile'],
    [3, RegistrationStep.Dependents, 'Dependents'],
    [4, RegistrationStep.Enrollments, 'Benefits Enrollment'],
    [5, RegistrationStep.Beneficiaries, 'Beneficiaries'],
    [6, RegistrationStep.AdditionalInfo, 'Additional Information'],
    [7, RegistrationStep.Signature, 'Signature'],
    [8, RegistrationStep.Finished, 'Summary'],
  ])('position %i is step %i, "%s"', (index, step, label) => {
    expect(REGISTRATION_STEPS[index]).toEqual({ step, label });
    expect(REGISTRATION_ORDER[index]).toBe(step);
  });

  it('names every step once, and reopens only steps of its order', () => {
    expect(new Set(REGISTRATION_ORDER).size).toBe(Object.keys(RegistrationStep).length);
    expect(REGISTRATION_STEPS).toHaveLength(REGISTRATION_ORDER.length);
    for (const step of REGISTRATION_REOPEN_STEPS) expect(REGISTRATION_ORDER).toContain(step);
  });
});
