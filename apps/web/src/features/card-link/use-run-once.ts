import { useEffect, useRef } from 'react';

/**
 * Runs `effect` once per mounted page, even when React runs effects twice (StrictMode): a return from the
 * card issuer must use its state and call the server exactly once.
 */
export function useRunOnce(effect: () => void): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page, by design
  }, []);
}
