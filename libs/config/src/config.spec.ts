import { ConfigError, EnvReader } from './index';

describe('EnvReader', () => {
  it('reports every bad variable by name at once', () => {
    const r = new EnvReader({ PORT: 'abc', FLAG: 'maybe', URL: 'not a url' });
    r.int('PORT', 3000);
    r.bool('FLAG', false);
    r.url('URL');
    r.str('SECRET');
    expect(() => r.done()).toThrow(ConfigError);
    try {
      r.done();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'PORT must be an integer, got "abc"',
        'FLAG must be true or false, got "maybe"',
        'URL must be a URL, got "not a url"',
        'SECRET is required',
      ]);
    }
  });

  it('uses defaults for missing values', () => {
    const r = new EnvReader({});
    expect(r.int('PORT', 3000)).toBe(3000);
    expect(r.bool('DEMO', true)).toBe(true);
    expect(r.oneOf('LOG', ['json', 'text'] as const, 'json')).toBe('json');
    expect(() => r.done()).not.toThrow();
  });
});
