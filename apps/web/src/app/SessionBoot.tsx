import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyRefresh, renewSession } from '../shared/api/api';
import { useAppDispatch, useAppSelector, useAppStore } from '../shared/hooks';
import { snackbarShown } from '../shared/layout/layoutSlice';
import { loggedOut, sessionRestored } from '../shared/session/sessionSlice';
import { accessUsable, parseTokens, readTokens, refreshDueAt, refreshUsable, SESSION_KEY } from '../shared/session/tokens';

/** After a refresh that got no answer (network, 429): try again after 5 s, doubling up to a minute. */
const RETRY_MS = [5_000, 10_000, 20_000, 40_000, 60_000];

/**
 * The session's life in the browser (spec 4):
 * - on start, stored tokens are used as they are while the access token is valid (no call); an expired access
 *   token is refreshed when the refresh token is still valid; otherwise the session is cleared;
 * - the access token is renewed shortly before it expires, one refresh at a time across the tabs
 *   (`renewSession`); tabs pick up each other's tokens and logouts through the storage event;
 * - only a refused refresh token logs out ("Failed to login with token."); a refresh without an answer (network,
 *   429) keeps the session and is tried again.
 */
export function SessionBoot({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { t } = useTranslation();
  const started = useRef(false);
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const tokens = readTokens();
    if (!tokens || !refreshUsable(tokens)) {
      dispatch(loggedOut());
      return;
    }
    if (tokens.user && accessUsable(tokens.token)) {
      dispatch(sessionRestored(tokens));
      return;
    }
    void renewSession(tokens.refreshToken).then((outcome) => {
      if (applyRefresh(dispatch, outcome) || outcome.kind === 'refused') return;
      // No answer: stay signed in with what is stored (the user is known) and try again soon.
      if (tokens.user) dispatch(sessionRestored(tokens));
      setRetry(1);
    });
  }, [dispatch]);

  // Renew ahead of the access token's expiry (and again after a refresh without an answer).
  const token = useAppSelector((s) => s.session.token);
  const status = useAppSelector((s) => s.session.status);
  useEffect(() => {
    if (!(status === 'authenticated' || (status === 'restoring' && retry > 0))) return;
    const delay = retry > 0 ? RETRY_MS[Math.min(retry, RETRY_MS.length) - 1]! : Math.max(0, refreshDueAt(token) - Date.now());
    // setTimeout holds at most 2^31-1 ms; a later renewal is planned again when the page is opened next.
    if (delay > 2 ** 31 - 1) return;
    const timer = setTimeout(() => {
      const known = store.getState().session.refreshToken ?? readTokens()?.refreshToken;
      if (!known) return;
      void renewSession(known).then((outcome) => {
        if (applyRefresh(dispatch, outcome)) setRetry(0);
        else if (outcome.kind === 'unavailable') setRetry((n) => n + 1);
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [token, status, retry, dispatch, store]);

  // Another tab renewed the tokens or signed out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_KEY && event.key !== null) return;
      const tokens = parseTokens(event.key === null ? null : event.newValue);
      const session = store.getState().session;
      if (!tokens) {
        if (session.status !== 'anonymous') dispatch(loggedOut());
      } else if (tokens.token !== session.token) {
        dispatch(sessionRestored(tokens));
        setRetry(0);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch, store]);

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
