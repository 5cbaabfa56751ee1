/** The element a URL fragment points at, if the page has it. */
export function hashTarget(hash: string): HTMLElement | null {
  if (hash === '' || hash === '#') return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return document.getElementById(id);
}

export interface Arrival {
  readonly hash: string;
  /** React Router's location key; 'default' is the location the app was opened at. */
  readonly key: string;
}

/**
 * What happens when a new page is on screen (spec §2): the view goes to the element a hash names, or else
 * to the top; and focus moves to the page's h1 so screen readers announce the new page. The page the app
 * was opened at keeps the browser's own scroll position and focus; only its hash is honoured, because the
 * browser looked for the element before the app had rendered it.
 */
export function arriveAtPage(container: HTMLElement | null, { hash, key }: Arrival): void {
  const target = hashTarget(hash);
  const appStart = key === 'default';
  if (target !== null) target.scrollIntoView();
  else if (!appStart) window.scrollTo(0, 0);
  if (!appStart) container?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
}
