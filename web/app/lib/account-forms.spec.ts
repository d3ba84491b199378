/// <reference types="jest" />
import { Messages } from '@bp/api/contracts';
import { accountSetupSchema, changePasswordSchema } from './account-forms';
import { WIZARD_STEPS, completedStepOf, laterStep, stepLabel, wizardIndexOf, wizardTitle } from './registration-steps';

const account = { password: 'Nora-2027-Pass', repeatPassword: 'Nora-2027-Pass', securityQuestionId: '1', securityAnswer: 'Rex' };

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('Account Setup form', () => {
  it('asks no email of an email account and requires one of a username account', () => {
    expect(accountSetupSchema(false).safeParse(account).success).toBe(true);
    expect(messagesOf(accountSetupSchema(true).safeParse(account))).toEqual({ email: Messages.fieldRequired });
    expect(accountSetupSchema(true).safeParse({ ...account, email: 'nora@example.test' }).success).toBe(true);
  });

  it("checks the reentered password with the spec's message", () => {
    expect(messagesOf(accountSetupSchema(false).safeParse({ ...account, repeatPassword: 'other' }))).toEqual({
      repeatPassword: Messages.passwordsMustMatch,
    });
  });

  it('says the passwords differ as soon as both are typed, before the question and answer are filled', () => {
    const early = messagesOf(accountSetupSchema(false).safeParse({ password: 'Nora-2027-Pass', repeatPassword: 'Nora-2027-Pas' }));
    expect(early.repeatPassword).toBe(Messages.passwordsMustMatch);
    expect(early.securityAnswer).toBe(Messages.fieldRequired);
    // Not before the reentered password is typed.
    expect(messagesOf(accountSetupSchema(false).safeParse({ password: 'Nora-2027-Pass' })).repeatPassword).toBe(Messages.fieldRequired);
  });
});

describe('Change Password form', () => {
  const fields = { password: 'New-Pass-1', repeatPassword: 'New-Pass-1' };
  it('needs the old password only in the normal variant', () => {
    expect(messagesOf(changePasswordSchema(false).safeParse(fields))).toEqual({ oldPassword: Messages.fieldRequired });
    expect(changePasswordSchema(true).safeParse(fields).success).toBe(true);
  });

  it("says 'Password must match' for a different repeat", () => {
    expect(messagesOf(changePasswordSchema(true).safeParse({ ...fields, repeatPassword: 'x' }))).toEqual({
      repeatPassword: Messages.passwordMustMatch,
    });
  });
});

describe('registration wizard steps', () => {
  it("has eight steps labelled 'STEP 01' to 'STEP 08'", () => {
    expect(WIZARD_STEPS).toHaveLength(8);
    expect(WIZARD_STEPS.map((_, i) => stepLabel(i))).toEqual(['STEP 01', 'STEP 02', 'STEP 03', 'STEP 04', 'STEP 05', 'STEP 06', 'STEP 07', 'STEP 08']);
  });

  it('resumes at the screen after the last completed step and titles it', () => {
    expect(wizardIndexOf(1)).toBe(0);
    expect(wizardIndexOf(2)).toBe(1);
    expect(wizardIndexOf(5)).toBe(2);
    expect(wizardIndexOf(6)).toBe(3);
    expect(wizardIndexOf(10)).toBe(7);
    expect(wizardIndexOf(42)).toBe(1);
    expect(wizardTitle(0)).toBe('Registration');
    expect(wizardTitle(1)).toBe('Benefit Enrollment');
  });

  it('saves each screen as its completed step, the Summary as finished, and never goes back', () => {
    expect(WIZARD_STEPS.map((_, i) => completedStepOf(i))).toEqual([2, 5, 6, 7, 8, 9, 10, 0]);
    expect(laterStep(6, 5)).toBe(6);
    expect(laterStep(5, 6)).toBe(6);
    expect(laterStep(10, 0)).toBe(0);
  });
});
