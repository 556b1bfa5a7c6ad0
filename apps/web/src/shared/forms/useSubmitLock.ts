import { useCallback, useRef, useState } from 'react';

/** Locks a form for at least 0.5 s per submit (spec 4), and while the call runs. */
export function useSubmitLock(minMs = 500) {
  const [locked, setLocked] = useState(false);
  const busy = useRef(false);
  const run = useCallback(
    async (work: () => Promise<void>) => {
      if (busy.current) return;
      busy.current = true;
      setLocked(true);
      const started = Date.now();
      try {
        await work();
      } finally {
        const rest = Math.max(0, minMs - (Date.now() - started));
        setTimeout(() => {
          busy.current = false;
          setLocked(false);
        }, rest);
      }
    },
    [minMs],
  );
  return { locked, run };
}
