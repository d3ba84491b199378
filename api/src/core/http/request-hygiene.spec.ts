import { badMultipartFields, findNul, INVALID_CHARACTERS } from './request-hygiene';

describe('request hygiene', () => {
  it('finds a NUL in a value or a key, at any depth', () => {
    expect(findNul({ a: { b: ['x', 'y\u0000'] } })).toBe('a.b.1');
    expect(findNul({ 'k\u0000': 'x' })).toBe('k\u0000');
    expect(findNul({ a: 'line\r\nbreak' })).toBeNull();
  });

  it('refuses every control character in a multipart field (all are one-line titles), and nothing else', () => {
    for (const bad of ['\u0000', '\t', '\r', '\n', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(badMultipartFields({ title: `a${bad}b` })).toEqual({ path: 'title', message: INVALID_CHARACTERS });
    }
    expect(badMultipartFields({ [`ti\u0000tle`]: 'x' })).toEqual({ path: 'ti\u0000tle', message: INVALID_CHARACTERS });
    expect(badMultipartFields({ title: ['ok', 'a\nb'] })).toEqual({ path: 'title.1', message: INVALID_CHARACTERS });
    expect(badMultipartFields({ title: 'Scan – ünïcode ✓ 😀', other: 'x' })).toBeNull();
    expect(badMultipartFields(undefined)).toBeNull();
  });
});
