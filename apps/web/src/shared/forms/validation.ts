/** Validation rules of spec 5; values are i18n keys of the messages. */
export const PASSWORD_MIN = 8;
export const INITIALS_MAX = 2;

export type Errors<K extends string> = Partial<Record<K, string>>;

export function required(value: string): string | undefined {
  return value.trim() ? undefined : 'validation.required';
}

export function emailError(value: string): string | undefined {
  if (!value.trim()) return 'validation.required';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? undefined : 'validation.email';
}

/**
 * Password and confirmation: required, at least 8; confirmation required ("Password confirm is required")
 * and equal ("Passwords do not match"; registration says "Passwords are not equal").
 */
export function passwordErrors(
  password: string,
  confirm: string,
  mismatch: 'change' | 'register' = 'change',
): Errors<'password' | 'password_confirm'> {
  const errors: Errors<'password' | 'password_confirm'> = {};
  if (!password) errors.password = 'validation.passwordRequired';
  else if (password.length < PASSWORD_MIN) errors.password = 'validation.passwordMin';
  if (!confirm) errors.password_confirm = 'validation.passwordConfirmRequired';
  else if (confirm !== password)
    errors.password_confirm =
      mismatch === 'change' ? 'validation.passwordsDoNotMatch' : 'validation.passwordsNotEqual';
  return errors;
}

export function initialsError(value: string): string | undefined {
  if (!value.trim()) return 'validation.initialsRequired';
  return value.trim().length > INITIALS_MAX ? 'validation.initialsMax' : undefined;
}

/** Empty or the id of a record (a whole number of 0 or more; empty or 0 = not set). */
export function optionalIdError(value: string): string | undefined {
  if (!value.trim()) return undefined;
  return /^\d{1,9}$/.test(value.trim()) ? undefined : 'validation.wholeNumber';
}

export function isValid(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).every((e) => !e);
}
