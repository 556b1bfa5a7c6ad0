import { basicCredentials } from './oauth.controller';

describe('HTTP Basic client credentials (RFC 6749 2.3.1)', () => {
  const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

  it('splits at the first colon and form-decodes both parts', () => {
    expect(basicCredentials(basic('sc_abc:s3cr:et'))).toEqual({ id: 'sc_abc', secret: 's3cr:et' });
    expect(basicCredentials(basic('sc_abc:a%2Bb+c'))).toEqual({ id: 'sc_abc', secret: 'a+b c' });
    expect(basicCredentials(basic('sc_abc:%E0%A4%A'))).toEqual({ id: 'sc_abc', secret: '%E0%A4%A' });
  });

  it('answers null for other schemes and without a colon', () => {
    expect(basicCredentials(undefined)).toBeNull();
    expect(basicCredentials('Bearer x')).toBeNull();
    expect(basicCredentials(basic('no-colon'))).toBeNull();
  });
});
