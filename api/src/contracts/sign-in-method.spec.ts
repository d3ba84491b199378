import { USERNAME_MAX, usernameBase, usernameFor } from './sign-in-method';

describe('usernameBase: the part of the address before @, as a typeable sign-in name', () => {
  it.each([
    ['nadia.cedar@cedar.example', 'nadia.cedar'],
    ['Nadia.Cedar@Cedar.example', 'nadia.cedar'],
    ['o’brien+benefits@x.example', 'obrienbenefits'],
    ['_x_@x.example', 'x'],
    ['@x.example', 'user'],
    ['été@x.example', 't'],
    [`${'a'.repeat(60)}@x.example`, 'a'.repeat(USERNAME_MAX)],
  ])('%s → %s', (address, expected) => {
    expect(usernameBase(address)).toBe(expected);
  });
});

describe('usernameFor: the base, or the base with the first free number', () => {
  it.each([
    ['free', 'ana@x.example', [], 'ana'],
    ['taken: 2', 'ana@x.example', ['ana'], 'ana2'],
    ['taken in any case', 'ana@x.example', ['ANA', 'Ana2'], 'ana3'],
    ['a gap is used', 'ana@x.example', ['ana', 'ana3'], 'ana2'],
    ['other names with the prefix do not count', 'ana@x.example', ['anastasia'], 'ana'],
    ['the number fits the length', `${'b'.repeat(45)}@x.example`, ['b'.repeat(USERNAME_MAX)], `${'b'.repeat(USERNAME_MAX - 1)}2`],
  ])('%s', (_, address, taken, expected) => {
    expect(usernameFor(address, new Set(taken))).toBe(expected);
  });
});
