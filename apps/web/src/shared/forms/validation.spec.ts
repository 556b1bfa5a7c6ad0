import {
  emailError,
  INITIALS_MAX,
  initialsError,
  isValid,
  PASSWORD_MIN,
  passwordErrors,
  required,
} from './validation';

describe('form validation (spec 5)', () => {
  it('required: blank values fail', () => {
    expect(required('')).toBe('validation.required');
    expect(required('   ')).toBe('validation.required');
    expect(required('Anna')).toBeUndefined();
  });

  it('e-mail: required and shaped like an address', () => {
    expect(emailError('')).toBe('validation.required');
    expect(emailError('  ')).toBe('validation.required');
    expect(emailError('anna')).toBe('validation.email');
    expect(emailError('anna@example')).toBe('validation.email');
    expect(emailError('an na@example.com')).toBe('validation.email');
    expect(emailError('anna@example.com')).toBeUndefined();
    expect(emailError(' anna@example.com ')).toBeUndefined();
  });

  it('password: required and at least 8 characters', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(passwordErrors('', 'x').password).toBe('validation.passwordRequired');
    expect(passwordErrors('1234567', '1234567').password).toBe('validation.passwordMin');
    expect(passwordErrors('12345678', '12345678')).toEqual({});
  });

  it('confirmation: required ("Password confirm is required") and equal ("Passwords do not match")', () => {
    expect(passwordErrors('12345678', '').password_confirm).toBe('validation.passwordConfirmRequired');
    expect(passwordErrors('12345678', '12345679').password_confirm).toBe('validation.passwordsDoNotMatch');
    expect(passwordErrors('12345678', '12345679', 'change').password_confirm).toBe(
      'validation.passwordsDoNotMatch',
    );
  });

  it('registration says "Passwords are not equal"', () => {
    expect(passwordErrors('12345678', '12345679', 'register').password_confirm).toBe(
      'validation.passwordsNotEqual',
    );
    expect(passwordErrors('12345678', '12345678', 'register')).toEqual({});
  });

  it('reports both fields at once', () => {
    expect(passwordErrors('', '')).toEqual({
      password: 'validation.passwordRequired',
      password_confirm: 'validation.passwordConfirmRequired',
    });
    expect(passwordErrors('short', 'other')).toEqual({
      password: 'validation.passwordMin',
      password_confirm: 'validation.passwordsDoNotMatch',
    });
  });

  it('initials: required, at most 2 characters', () => {
    expect(INITIALS_MAX).toBe(2);
    expect(initialsError('')).toBe('validation.initialsRequired');
    expect(initialsError('  ')).toBe('validation.initialsRequired');
    expect(initialsError('A')).toBeUndefined();
    expect(initialsError('AB')).toBeUndefined();
    expect(initialsError(' AB ')).toBeUndefined();
    expect(initialsError('ABC')).toBe('validation.initialsMax');
  });

  it('a form is valid when no field has an error', () => {
    expect(isValid({})).toBe(true);
    expect(isValid({ a: undefined, b: '' })).toBe(true);
    expect(isValid({ a: undefined, b: 'validation.required' })).toBe(false);
  });
});
