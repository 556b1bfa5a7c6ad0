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

  it('after a rotation opens values of the previous keys, seals with the new one and tells which need sealing again', () => {
    const old = randomBytes(32);
    const sealedOld = new SecretBox(old).seal('alt; "geheim" 🔐', 'server:7:password');
    const rotated = new SecretBox(randomBytes(32), [old]);
    expect(rotated.sealedWithPrevious(sealedOld)).toBe(true);
    expect(rotated.open(sealedOld, 'server:7:password')).toBe('alt; "geheim" 🔐');
    const sealedNew = rotated.seal('neu', 'server:7:password');
    expect(sealedNew.split('.')[1]).toBe(rotated.keyId);
    expect(rotated.sealedWithPrevious(sealedNew)).toBe(false);
    // a value of a key that is neither current nor previous: not "previous", and it does not open
    const stranger = new SecretBox(randomBytes(32)).seal('x', 'c');
    expect(rotated.sealedWithPrevious(stranger)).toBe(false);
    expect(() => rotated.open(stranger, 'c')).toThrow(/another key/);
    // the context still binds with a previous key
    expect(() => rotated.open(sealedOld, 'server:8:password')).toThrow();
  });

  it('reads SECRETS_KEY as base64 of 32 bytes and refuses anything else', () => {
    expect(parseSecretsKey(newSecretsKey())).toHaveLength(32);
    expect(parseSecretsKey(randomBytes(32).toString('base64url'))).toHaveLength(32);
    expect(() => parseSecretsKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(() => parseSecretsKey('not a key!')).toThrow(/base64/);
  });
});
