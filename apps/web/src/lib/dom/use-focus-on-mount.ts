import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes the focus when it appears (tabIndex -1 on the element for one that is not a
 * control): for what replaces the control the customer just used, so the focus does not fall to <body>
 * and a screen reader reads what came instead.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
