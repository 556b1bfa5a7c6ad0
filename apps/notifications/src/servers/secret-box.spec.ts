import { randomBytes } from 'node:crypto';
import { newSecretsKey, parseSecretsKey, SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('seals a secret so that the stored text does not hold it, and opens it again', () => {
    const sealed = box.seal('Pässwort; "quoted" 🔑', 'server:1:password');
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain('Pässwort');
    expect(Buffer.from(sealed.split('.')[2]!, 'base64').toString('utf8')).not.toContain('quoted');
    expect(box.open(sealed, 'server:1:password')).toBe('Pässwort; "quoted" 🔑');
  });

  it('gives the same secret a different text each time (random IV)', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses a value of another context, another key or with a changed byte', () => {
    const sealed = box.seal('secret', 'server:1:password');
    expect(() => box.open(sealed, 'server:2:password')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'server:1:password')).toThrow(/another key/);
    const raw = Buffer.from(sealed.split('.')[2]!, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => box.open(`v1.${box.keyId}.${raw.toString('base64')}`, 'server:1:password')).toThrow();
  });

  it('reads SECRETS_KEY as base64 of 32 bytes and refuses anything else', () => {
    expect(parseSecretsKey(newSecretsKey())).toHaveLength(32);
    expect(parseSecretsKey(randomBytes(32).toString('base64url'))).toHaveLength(32);
    expect(() => parseSecretsKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(() => parseSecretsKey('not a key!')).toThrow(/base64/);
  });
});
