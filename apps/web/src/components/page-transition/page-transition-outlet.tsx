import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useReducedMotion } from '../../lib/motion/reduced-motion';
import { transitionTimeMs } from '../../lib/motion/transition-time';
import { arriveAtPage, hashTarget } from '../../lib/navigation/page-arrival';
import './page-transition.css';

/**
 * leave: the old page fades out; enter-from: the new page is in place, invisible; enter: it fades in.
 * The class names follow Vue's <Transition name="page"> (page-enter-*, page-leave-*), as the spec's
 * "page transition named page, out-in" describes.
 */
type Phase = 'idle' | 'leave' | 'enter-from' | 'enter';

const phaseClassName: Record<Phase, string> = {
  idle: 'page',
  leave: 'page page-leave-active page-leave-to',
  'enter-from': 'page page-enter-active page-enter-from',
  enter: 'page page-enter-active page-enter-to',
};

interface Shown {
  /** Path of the page on screen. */
  readonly path: string;
  readonly outlet: ReactNode;
  readonly phase: Phase;
  /** Counts page arrivals, so arriving again at the same path still scrolls and moves focus. */
  readonly arrival: number;
}

/**
 * The layout's outlet with the out-in page transition (spec §2): on a new path the old page leaves
 * completely before the new one enters. A change of query or hash on the same page (opening a modal, say)
 * is not a new page. With reduced motion the new page replaces the old one at once.
 */
export function PageTransitionOutlet() {
  const location = useLocation();
  const outlet = useOutlet();
  const reducedMotion = useReducedMotion();
  const path = location.pathname;
  const containerRef = useRef<HTMLDivElement>(null);

  const [shown, setShown] = useState<Shown>(() => ({
    path,
    outlet,
    // a layout that mounts because of a navigation (not at app start) lets its first page enter
    phase: location.key === 'default' || reducedMotion ? 'idle' : 'enter-from',
    arrival: 0,
  }));

  // Adjusting state while rendering (react.dev "storing information from previous renders"): the old
  // page's element must be kept before this render shows the new one.
  if (shown.phase !== 'leave' && path !== shown.path) {
    setShown(
      reducedMotion
        ? { path, outlet, phase: 'idle', arrival: shown.arrival + 1 }
        : { ...shown, phase: 'leave' },
    );
  } else if (path === shown.path && outlet !== shown.outlet) {
    setShown({ ...shown, outlet });
  }

  // what the timers and the arrival read when they fire, rather than what they saw when scheduled
  const latest = useRef({ path, outlet, location });
  useLayoutEffect(() => {
    latest.current = { path, outlet, location };
  });

  useEffect(() => {
    const element = containerRef.current;
    if (shown.phase === 'leave') {
      const timer = window.setTimeout(
        () =>
          setShown((current) => ({
            path: latest.current.path,
            outlet: latest.current.outlet,
            phase: 'enter-from',
            arrival: current.arrival + 1,
          })),
        transitionTimeMs(element),
      );
      return () => window.clearTimeout(timer);
    }
    if (shown.phase === 'enter-from') {
      // two frames: the browser must paint the start state before the end state, or nothing animates
      let frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() =>
          setShown((current) => (current.phase === 'enter-from' ? { ...current, phase: 'enter' } : current)),
        );
      });
      return () => cancelAnimationFrame(frame);
    }
    if (shown.phase === 'enter') {
      const timer = window.setTimeout(
        () => setShown((current) => (current.phase === 'enter' ? { ...current, phase: 'idle' } : current)),
        transitionTimeMs(element),
      );
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [shown.phase]);

  const lastArrival = useRef<number | null>(null);
  const onScreen = shown.phase !== 'leave';
  const hash = location.hash;
  useEffect(() => {
    if (!onScreen) return;
    if (lastArrival.current !== shown.arrival) {
      lastArrival.current = shown.arrival;
      arriveAtPage(containerRef.current, latest.current.location);
    } else {
      // same page, new hash (an in-page link)
      hashTarget(hash)?.scrollIntoView();
    }
  }, [onScreen, shown.arrival, hash]);

  return (
    <div
      key={`${shown.path}#${shown.arrival}`}
      ref={containerRef}
      className={phaseClassName[shown.phase]}
      data-page-transition={shown.phase}
      // the leaving page stays visible but can no longer be used
      inert={shown.phase === 'leave'}
    >
      {shown.outlet}
    </div>
  );
}
