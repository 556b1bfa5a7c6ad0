import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshSession } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { snackbarShown } from '../layout/layoutSlice';
import { loggedIn, loggedOut } from './sessionSlice';
import { readTokens, refreshUsable } from './tokens';

/**
 * On start a stored, unexpired refresh token logs in again; otherwise the session is cleared (spec 4).
 * A failed refresh logs out with "Failed to login with token.".
 */
export function SessionBoot({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const tokens = readTokens();
    if (!tokens || !refreshUsable(tokens)) {
      dispatch(loggedOut());
      return;
    }
    void refreshSession(tokens.refreshToken).then((result) => {
      if (result) dispatch(loggedIn(result));
      else {
        dispatch(loggedOut());
        dispatch(snackbarShown({ message: t('session.tokenFailed'), variant: 'error' }));
      }
    });
  }, [dispatch, t]);

  // When the refresh token expires while the app is open, the session ends with the same message.
  const refreshExpiresAt = useAppSelector((s) => s.session.refreshExpiresAt);
  useEffect(() => {
    if (!refreshExpiresAt) return;
    const left = Date.parse(refreshExpiresAt) - Date.now();
    // setTimeout holds at most 2^31-1 ms (about 24.8 days); a longer session is checked again on the next start.
    if (!Number.isFinite(left) || left > 2 ** 31 - 1) return;
    const timer = setTimeout(
      () => {
        dispatch(loggedOut());
        dispatch(snackbarShown({ message: t('session.tokenFailed'), variant: 'error' }));
      },
      Math.max(0, left),
    );
    return () => clearTimeout(timer);
  }, [refreshExpiresAt, dispatch, t]);
  return <>{children}</>;
}
