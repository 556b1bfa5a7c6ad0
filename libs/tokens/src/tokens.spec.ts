import { AccessTokens, SupplierApiTokens } from './index';

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

describe('SupplierApiTokens', () => {
  const key = 'x'.repeat(40);
  const tokens = new SupplierApiTokens(key);

  it('verifies its own tokens only: user tokens are refused by it, and its tokens by the user verification', () => {
    const token = tokens.sign({ sub: 'kc_abc', c: 1, s: 2 }, 60);
    expect(tokens.verify(token)).toMatchObject({ sub: 'kc_abc', c: 1, s: 2 });
    const users = new AccessTokens(key);
    expect(users.verify(token)).toBeNull();
    expect(tokens.verify(users.sign({ sub: 7, c: { '1': 3 }, ck: 'web' }, 60))).toBeNull();
    expect(tokens.verify(tokens.sign({ sub: 'kc_abc', c: 1, s: 2 }, -10))).toBeNull();
    expect(new SupplierApiTokens('y'.repeat(40)).verify(token)).toBeNull();
  });
});
