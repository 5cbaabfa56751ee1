import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// WCAG 2.2 2.4.11 (Focus Not Obscured): a control reached with Tab is never entirely hidden behind what
// stays over the page (the sticky header, the fixed tab bar, a fixed button bar). axe cannot see this, so
// the walk tabs through the screen as a keyboard user would and looks at each stop.

/** Where focus stands after one Tab: an id for the element, and whether any of it can be seen. */
interface FocusStop {
  readonly index: number;
  readonly hidden: boolean;
  readonly description: string;
}

declare global {
  interface Window {
    __focusWalk?: { ids: WeakMap<Element, number>; next: number };
  }
}

/** Runs in the page: the focused element, or null when focus left the page's controls (body). */
function inspectFocus(): FocusStop | null {
  const focused = document.activeElement;
  if (focused === null || focused === document.body || focused === document.documentElement) return null;
  const walk = (window.__focusWalk ??= { ids: new WeakMap(), next: 0 });
  let index = walk.ids.get(focused);
  if (index === undefined) {
    index = walk.next++;
    walk.ids.set(focused, index);
  }
  // a visually hidden control (a radio under its styled label) is seen through its label
  const shown = [focused, ...('labels' in focused ? [...((focused as HTMLInputElement).labels ?? [])] : [])];
  const seen = shown.some((element) => {
    const box = element.getBoundingClientRect();
    for (const fx of [0.1, 0.5, 0.9]) {
      for (const fy of [0.1, 0.5, 0.9]) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit !== null && (element.contains(hit) || hit.contains(element))) return true;
      }
    }
    return false;
  });
  const name = (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().replace(/\s+/g, ' ');
  return { index, hidden: !seen, description: `${focused.tagName.toLowerCase()} 「${name.slice(0, 40)}」` };
}

/**
 * Tabs through the screen (up to `maxStops` controls, or until focus comes round again) and fails with
 * the controls that were entirely hidden when focused. Focus and scroll are put back afterwards, so the
 * test goes on from where it was.
 */
export async function expectFocusNeverHidden(page: Page, maxStops = 60): Promise<void> {
  await page.evaluate(() => {
    window.__focusWalk = { ids: new WeakMap(), next: 0 };
  });
  const before = await page.evaluateHandle(() => ({
    element: document.activeElement,
    x: window.scrollX,
    y: window.scrollY,
  }));
  const hidden: string[] = [];
  const visited = new Set<number>();
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press('Tab');
    // the browser scrolls the focused control into view; look once the frame is drawn
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    const focus = await page.evaluate(inspectFocus);
    if (focus === null || visited.has(focus.index)) break;
    visited.add(focus.index);
    if (focus.hidden) hidden.push(focus.description);
  }
  await page.evaluate(({ element, x, y }) => {
    if (element instanceof HTMLElement && element !== document.body) element.focus({ preventScroll: true });
    else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(x, y);
  }, before);
  await before.dispose();
  expect(hidden, `controls hidden behind a bar when focused on ${page.url()}`).toEqual([]);
}
