import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { arriveAtPage } from '../../lib/navigation/page-arrival';

/**
 * For a page shown outside the page-transition outlet (the router's error pages): the same arrival
 * behaviour, scroll to the top or the hash and focus on the h1, without a transition.
 */
export function ArrivalFrame({ children }: { readonly children: ReactNode }) {
  const location = useLocation();
  const containerRef = useRef<HTMLDivElement>(null);
  const locationRef = useRef(location);
  useLayoutEffect(() => {
    locationRef.current = location;
  });

  const path = location.pathname;
  useEffect(() => {
    arriveAtPage(containerRef.current, locationRef.current);
  }, [path]);

  return (
    <div ref={containerRef} className="page">
      {children}
    </div>
  );
}
