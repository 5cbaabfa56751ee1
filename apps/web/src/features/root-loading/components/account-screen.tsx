import { useEffect, useRef, type ReactNode } from 'react';
import './account-screens.css';

/**
 * The frame of the shell's account screens (locked, closed, first-use confirmation). They take the
 * place of the page once the root loading has decided, so focus moves to their h1 on arrival and a
 * screen reader announces the screen instead of staying on the busy indicator that preceded it.
 */
export function AccountScreen({ children }: { readonly children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={ref} className="account-screen">
      {children}
    </div>
  );
}
