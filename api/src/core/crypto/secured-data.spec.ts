import { maskSsn, SecuredDataCipher } from './secured-data';

const key = (fill: number) => Buffer.alloc(32, fill);

describe('SecuredDataCipher', () => {
  const v1 = new SecuredDataCipher(new Map([['1', key(1)]]), '1');

  it('round-trips and never stores the clear value', () => {
    const sealed = v1.encrypt('123-45-6701')!;
    expect(sealed).not.toContain('6701');
    expect(sealed.startsWith('1:')).toBe(true);
    expect(v1.decrypt(sealed)).toBe('123-45-6701');
  });

  it('uses a fresh IV each time, so equal values do not look equal at rest', () => {
    expect(v1.encrypt('72000.00')).not.toBe(v1.encrypt('72000.00'));
  });

  it.each([null, undefined, ''])('stores %p as null', (value) => {
    expect(v1.encrypt(value)).toBeNull();
    expect(v1.decrypt(value)).toBeNull();
  });

  it('refuses a tampered value (GCM tag)', () => {
    const [id, iv, tag, ct] = v1.encrypt('123-45-6701')!.split(':');
    const flipped = Buffer.from(ct!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => v1.decrypt([id, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
  });

  it('rotates keys: new values use the current key, old rows still open with the key they name', () => {
    const old = v1.encrypt('123-45-6701')!;
    const rotated = new SecuredDataCipher(new Map([['1', key(1)], ['2', key(2)]]), '2');
    const fresh = rotated.encrypt('123-45-6702')!;
    expect(fresh.startsWith('2:')).toBe(true);
    expect(rotated.decrypt(old)).toBe('123-45-6701');
    expect(rotated.decrypt(fresh)).toBe('123-45-6702');
    // A deployment that dropped key 1 cannot open rows sealed with it, and says so.
    expect(() => new SecuredDataCipher(new Map([['2', key(2)]]), '2').decrypt(old)).toThrow(/configured keys/);
  });

  it('seals a text given in pieces as encrypt() does: decrypt() opens it whole (multi-byte characters included)', () => {
    const text = 'ISA*00*~\nNM1*IL*1*MÜLLER*JOSÉ~\n'.repeat(500);
    const sealer = v1.sealer();
    for (let i = 0; i < text.length; i += 97) sealer.update(text.slice(i, i + 97));
    const { sealed, bytes } = sealer.final();
    expect(bytes).toBe(Buffer.byteLength(text));
    // The text's own characters (* and ~ are not in base64's alphabet, so a random ciphertext cannot hold them).
    expect(sealed).not.toContain('NM1*IL');
    expect(sealed).not.toMatch(/[*~]/);
    expect(v1.decrypt(sealed)).toBe(text);
    expect(v1.sealer().final()).toEqual({ sealed: null, bytes: 0 });
  });
});

describe('maskSsn', () => {
  it.each([
    ['123-45-6701', 'XXX-XX-6701'],
    ['123456701', 'XXX-XX-6701'],
    ['000-00-0000', 'XXX-XX-0000'],
    ['12', 'XXX-XX-XXXX'],
    [null, null],
    ['', null],
  ])('%p -> %p', (ssn, masked) => {
    expect(maskSsn(ssn)).toBe(masked);
  });
});
