import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshSession } from '../../app/api';
import { useAppDispatch } from '../../app/store';
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
  return <>{children}</>;
}
