import { passwordStrength, passwordStrengthBand, ZChangePasswordRequest, ZNewPassword, ZRegistrationForm } from './account';
import { loadCommonPasswords } from './server';

describe('password strength', () => {
  it('scores 20 points per rule, 0 under 6 characters', () => {
    expect(passwordStrength('Ab1!x')).toBe(0);
    expect(passwordStrength('abcdef')).toBe(20);
    expect(passwordStrength('Abcdef')).toBe(40);
    expect(passwordStrength('Abcde1')).toBe(60);
    expect(passwordStrength('Abcdefghi1')).toBe(80);
    expect(passwordStrength('Abcdefgh1(')).toBe(100);
  });

  it('maps percent to the spec bands', () => {
    expect([0, 24, 25, 49, 50, 74, 75, 99, 100].map(passwordStrengthBand)).toEqual(['low', 'low', 'medium', 'medium', 'normal', 'normal', 'good', 'good', 'awesome']);
  });
});

describe('form schemas', () => {
  it('uses the two different "must match" messages of the spec', () => {
    const reg = ZRegistrationForm.safeParse({ token: 't', password: 'Passw0rd!', repeatPassword: 'x', securityQuestionId: '1', securityAnswer: 'a' });
    expect(reg.success ? [] : reg.error.issues.map((i) => i.message)).toEqual(['Passwords must match']);
    const change = ZChangePasswordRequest.safeParse({ password: 'Passw0rd!', repeatPassword: 'x' });
    expect(change.success ? [] : change.error.issues.map((i) => i.message)).toEqual(['Password must match']);
  });
});

describe('new passwords', () => {
  beforeAll(() => loadCommonPasswords());

  it.each([
    ['Abc-123', 'Password should contain at least 8 characters'],
    ['Abc-1234', null],
    ['x'.repeat(63) + '!', null],
    ['x'.repeat(64) + '!', 'Password should contain maximum of 64 characters'],
    ['password', 'This password is too common'],
    ['PassWord1', 'This password is too common'],
    ['iloveyou', 'This password is too common'],
    ['12345678', 'This password is too common'],
    ['Nora-2027-Pass', null],
    ['Passw0rd!', null],
  ])('%s -> %s', (password, message) => {
    const r = ZNewPassword.safeParse(password);
    expect(r.success ? null : r.error.issues[0]!.message).toBe(message);
  });
});
