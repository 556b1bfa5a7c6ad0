import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (servers' passwords, private keys, passphrases): AES-256-GCM with the key of SECRETS_KEY (base64 of
 * 32 bytes), a random 12-byte IV per value and the 16-byte tag. Stored as `v1.<key id>.<base64 of iv | tag | ciphertext>`;
 * the key id (8 hex characters of the key's SHA-256) tells a value sealed with another key from a damaged one. The
 * additional data binds a value to its company and field, so a ciphertext copied into another company's row or another
 * column does not open. Rotation: values sealed with one of the previous keys (SECRETS_KEY_PREVIOUS) still open, and
 * the servers service seals them again with SECRETS_KEY when it starts (docs/notifications.md "Secrets at rest").
 */
export class SecretBox {
  readonly keyId: string;
  /** the keys a value may be opened with, by key id: SECRETS_KEY and the SECRETS_KEY_PREVIOUS ones (rotation) */
  private readonly keys = new Map<string, Buffer>();

  constructor(
    private readonly key: Buffer,
    previous: readonly Buffer[] = [],
  ) {
    for (const k of [key, ...previous]) {
      if (k.length !== 32) throw new Error('the secrets key must be 32 bytes');
      if (!this.keys.has(keyIdOf(k))) this.keys.set(keyIdOf(k), k);
    }
    this.keyId = keyIdOf(key);
  }

  /** Whether a sealed value was sealed with a previous key (rotation: seal it again with the current one). */
  sealedWithPrevious(sealed: string): boolean {
    const keyId = sealed.split('.')[1];
    return keyId !== undefined && keyId !== this.keyId && this.keys.has(keyId);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${this.keyId}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string, context: string): string {
    const [version, keyId, data] = sealed.split('.');
    if (version !== 'v1' || !data) throw new Error('not a sealed secret');
    const key = this.keys.get(keyId ?? '');
    if (!key) throw new Error(`the secret was sealed with another key (${keyId}, SECRETS_KEY is ${this.keyId})`);
    const raw = Buffer.from(data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** SECRETS_KEY's value: base64 (or base64url) of exactly 32 bytes. */
export function parseSecretsKey(raw: string): Buffer {
  const text = raw.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw new Error('must be base64 of 32 bytes (e.g. openssl rand -base64 32)');
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new Error(`must be base64 of 32 bytes (e.g. openssl rand -base64 32), got ${key.length} bytes`);
  return key;
}

/** A new key as SECRETS_KEY takes it. */
export function newSecretsKey(): string {
  return randomBytes(32).toString('base64');
}
