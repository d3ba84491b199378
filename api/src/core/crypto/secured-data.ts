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
   * encrypt() of a text that arrives in chunks (a large file): the chunks go through one AES-GCM cipher as they
   * come, so the clear text is never whole in memory; the stored form is the same, and decrypt() opens it.
   */
  async encryptStream(chunks: AsyncIterable<string>): Promise<{ sealed: string | null; bytes: number }> {
    const key = this.keys.get(this.currentKeyId);
    if (!key) throw new Error('current data key missing');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const parts: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of chunks) {
      const plain = Buffer.from(chunk, 'utf8');
      bytes += plain.length;
      parts.push(cipher.update(plain));
    }
    parts.push(cipher.final());
    if (bytes === 0) return { sealed: null, bytes };
    return { sealed: [this.currentKeyId, iv.toString('base64'), cipher.getAuthTag().toString('base64'), Buffer.concat(parts).toString('base64')].join(':'), bytes };
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
