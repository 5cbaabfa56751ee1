import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import './navigation-progress.css';

/** Navigations quicker than this show nothing: a bar that flashes for a moment only distracts. */
export const PROGRESS_DELAY_MS = 150;

/**
 * The pending UI of the route loaders: while React Router loads the next page's data the current page
 * stays, and after a short delay a thin bar at the top says that something is on its way.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const pendingKey = navigation.state === 'idle' ? null : (navigation.location?.key ?? navigation.state);
  // the navigation whose delay has passed; a later navigation has another key and waits again
  const [delayedKey, setDelayedKey] = useState<string | null>(null);

  useEffect(() => {
    if (pendingKey === null) return;
    const timer = window.setTimeout(() => setDelayedKey(pendingKey), PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pendingKey]);

  if (pendingKey === null || delayedKey !== pendingKey) return null;
  return (
    <div className="navigation-progress" role="progressbar" aria-label="ページを読み込んでいます">
      <div className="navigation-progress__bar" />
    </div>
  );
}
