import { ALL_ROLES, type Role } from '@kanban/access';
import { errorText, isApiError } from '../../shared/api/apiError';

export const ROLES: readonly Role[] = ALL_ROLES;

/** The user's name, or the e-mail address while the invited user has not given one. */
export function userLabel(user: { first_name: string; last_name: string; email: string }): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** The roles that may use the mobile app (spec 5: "Only Users and Customers are allowed"). */
export function appAllowed(role: Role): boolean {
  return role === 2 || role === 3 || role === 4 || role === 6;
}

/** Error text of a users call: the app-use rule's answer (1000 on the field app) in the user's language. */
export function userErrorText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error) && error.code === 1000 && error.field === 'app') return t('users.appRule');
  if (isApiError(error) && error.code === 1000 && error.field === 'id' && /accepted/.test(error.message))
    return t('users.alreadyAccepted');
  return errorText(error, t);
}
