import { AccessTokens } from './index';

describe('AccessTokens', () => {
  const tokens = new AccessTokens('x'.repeat(40));

  it('verifies what it signed and rejects tampering, other keys and expiry', () => {
    const token = tokens.sign({ sub: 7, c: { '1': 3 }, ck: 'web' }, 60);
    expect(tokens.verify(token)).toMatchObject({ sub: 7, c: { '1': 3 }, ck: 'web' });
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), c: { '2': 6 } })).toString('base64url');
    expect(tokens.verify(`${h}.${forged}.${s}`)).toBeNull();
    expect(new AccessTokens('y'.repeat(40)).verify(token)).toBeNull();
    expect(tokens.verify(tokens.sign({ sub: 7, c: {}, ck: 'web' }, -10))).toBeNull();
  });
});
