import { fullName } from './common';

describe('fullName: the one way a person is named', () => {
  it.each([
    [{ firstName: 'Jane', lastName: 'Doe' }, 'Jane Doe'],
    [{ firstName: '  Jane ', lastName: ' Doe  ' }, 'Jane Doe'],
    [{ firstName: 'Jane', lastName: null }, 'Jane'],
    [{ firstName: null, lastName: 'Doe' }, 'Doe'],
    [{ firstName: '', lastName: '   ' }, ''],
    [{}, ''],
  ])('%j is "%s"', (person, expected) => {
    expect(fullName(person)).toBe(expected);
  });
});
