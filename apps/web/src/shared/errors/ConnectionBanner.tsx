import { Alert, Button } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reconnect } from '../api/reconnect';
import { useAppDispatch, useAppSelector, useAppStore } from '../hooks';

/** Seconds between reconnection attempts: quick at first, then every 30 s. */
const RETRY_S = [3, 5, 10, 20, 30];

/**
 * "No connection to the server, retrying…" (issue 16): shown while calls get no answer. It counts down to the next
 * attempt, tries at once when the browser comes back online or on "Retry now", and on success fetches the failed
 * data again and goes away. The session stays as it is: only a refused refresh token ends it.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const lost = useAppSelector((s) => s.connection.lost);
  const [attempt, setAttempt] = useState(0);
  const [left, setLeft] = useState(RETRY_S[0]!);
  const [trying, setTrying] = useState(false);
  const busy = useRef(false);

  const tryNow = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setTrying(true);
    try {
      const back = await reconnect(dispatch, store.getState);
      if (!back) setAttempt((n) => n + 1);
    } finally {
      busy.current = false;
      setTrying(false);
    }
  }, [dispatch, store]);

  useEffect(() => {
    if (!lost) setAttempt(0);
  }, [lost]);

  // Count down to the next attempt.
  useEffect(() => {
    if (!lost) return;
    const wait = RETRY_S[Math.min(attempt, RETRY_S.length - 1)]!;
    setLeft(wait);
    const started = Date.now();
    const timer = setInterval(() => {
      const rest = wait - Math.floor((Date.now() - started) / 1000);
      if (rest > 0) setLeft(rest);
      else {
        clearInterval(timer);
        void tryNow();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [lost, attempt, tryNow]);

  useEffect(() => {
    if (!lost) return;
    const onOnline = () => void tryNow();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [lost, tryNow]);

  if (!lost) return null;
  return (
    <Alert.Root status="warning" data-testid="connection-banner" role="status" borderRadius="0">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('connection.lost')}</Alert.Title>
        <Alert.Description data-testid="connection-countdown">
          {trying ? t('connection.trying') : t('connection.retryIn', { count: left })}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={() => void tryNow()} disabled={trying} data-testid="connection-retry">
        {t('connection.retryNow')}
      </Button>
    </Alert.Root>
  );
}
