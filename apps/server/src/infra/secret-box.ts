import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Credentials of outside services an account gives us (a Cal.com API key, a Google refresh token), kept encrypted
 * in the database (AES-256-GCM) with a key derived from the server's secret (JWT_SECRET, HKDF-SHA256): a copy of the
 * database alone does not give them away. `v1:<iv>:<tag>:<ciphertext>`, base64url. A value without the prefix was
 * stored before encryption and is read as it is (and sealed when next written).
 */
const PREFIX = 'v1:';

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'callwise', 'stored credentials v1', 32));
  }

  seal(value: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${sealed.toString('base64url')}`;
  }

  /** @throws when the value was sealed with another server secret (or altered). */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [iv, tag, sealed] = stored.slice(PREFIX.length).split(':');
    if (!iv || !tag || sealed === undefined) throw new Error('A stored credential is damaged.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
