import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for SSNs, income and bank numbers. Stored form: "<keyId>:<iv>:<tag>:<ciphertext>" (base64),
 * so keys can rotate: new values use the current key, old rows still name the key that sealed them.
 */
export class SecuredDataCipher {
  constructor(
    private readonly keys: ReadonlyMap<string, Buffer>,
    private readonly currentKeyId: string,
  ) {}

  encrypt(plain: string | null | undefined): string | null {
    if (plain === null || plain === undefined || plain === '') return null;
    const key = this.keys.get(this.currentKeyId);
    if (!key) throw new Error('current data key missing');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [this.currentKeyId, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ct.toString('base64')].join(':');
  }

  /**
   * encrypt() of a text given in pieces (a large file): each piece goes through one AES-GCM cipher as it is
   * given, so the clear text is never whole in memory; final() answers the same stored form, which decrypt() opens.
   */
  sealer(): { update(piece: string): void; final(): { sealed: string | null; bytes: number } } {
    const keyId = this.currentKeyId;
    const key = this.keys.get(keyId);
    if (!key) throw new Error('current data key missing');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    // The ciphertext is kept as base64 text as it comes (whole 3-byte groups, the rest carried to the next piece),
    // so it is never held twice, as bytes and as text.
    const text: string[] = [];
    let carry = Buffer.alloc(0);
    let bytes = 0;
    const encode = (sealed: Buffer, last: boolean) => {
      const all = carry.length ? Buffer.concat([carry, sealed]) : sealed;
      const whole = last ? all.length : all.length - (all.length % 3);
      if (whole) text.push(all.toString('base64', 0, whole));
      carry = Buffer.from(all.subarray(whole));
    };
    return {
      update(piece: string): void {
        const plain = Buffer.from(piece, 'utf8');
        bytes += plain.length;
        encode(cipher.update(plain), false);
      },
      final(): { sealed: string | null; bytes: number } {
        encode(cipher.final(), true);
        if (bytes === 0) return { sealed: null, bytes };
        // One flat string at once (a prefix added to the joined text would be copied again when sent).
        text.unshift(`${keyId}:${iv.toString('base64')}:${cipher.getAuthTag().toString('base64')}:`);
        return { sealed: text.join(''), bytes };
      },
    };
  }

  decrypt(sealed: string | null | undefined): string | null {
    if (!sealed) return null;
    const [keyId, iv, tag, ct] = sealed.split(':');
    const key = keyId ? this.keys.get(keyId) : undefined;
    if (!key || !iv || !tag || ct === undefined) throw new Error('sealed value cannot be opened with the configured keys');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64')), decipher.final()]).toString('utf8');
  }
}

/** XXX-XX-1234, the only form an SSN takes outside an audited unlock. */
export function maskSsn(ssn: string | null | undefined): string | null {
  if (!ssn) return null;
  const digits = ssn.replace(/\D/g, '');
  return digits.length >= 4 ? `XXX-XX-${digits.slice(-4)}` : 'XXX-XX-XXXX';
}
