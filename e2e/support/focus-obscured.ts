import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// WCAG 2.2 2.4.11 (Focus Not Obscured): a control reached with Tab is not hidden behind what stays over
// the page (the sticky header, the fixed tab bar, a fixed button bar). The walk holds the screens to the
// stricter 2.4.12 (no part of it hidden), which the scroll padding of layouts.css gives, so that a control
// half under the tab bar is caught too. axe cannot see this; the walk tabs through the screen as a
// keyboard user would and looks at each stop.

/** Where focus stands after one Tab: an id for the element, and whether a bar covers part of it. */
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
  const tiny = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width < 4 || box.height < 4;
  };
  const labels = 'labels' in focused ? [...((focused as HTMLInputElement).labels ?? [])] : [];
  const shown = tiny(focused) && labels.length > 0 ? labels : [focused];
  // a part is covered when what is drawn there belongs to a fixed or sticky bar the control is not in
  const barOver = (hit: Element): Element | null => {
    for (let node: Element | null = hit; node !== null; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed' || position === 'sticky') return node.contains(focused) ? null : node;
    }
    return null;
  };
  const covered = shown.some((element) => {
    const box = element.getBoundingClientRect();
    // a control taller than the room between the bars cannot be cleared of them
    if (box.height > window.innerHeight / 2) return false;
    for (const fx of [0.02, 0.5, 0.98]) {
      for (const fy of [0.02, 0.5, 0.98]) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit !== null && !element.contains(hit) && barOver(hit) !== null) return true;
      }
    }
    return false;
  });
  const name = (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().replace(/\s+/g, ' ');
  return { index, hidden: covered, description: `${focused.tagName.toLowerCase()} 「${name.slice(0, 40)}」` };
}

/**
 * Tabs through the screen (up to `maxStops` controls, or until focus comes round again) and fails with
 * the controls a bar covered part of when focused. Focus and scroll are put back afterwards, so the
 * test goes on from where it was. Answers how many controls it went through.
 */
export async function expectFocusNeverHidden(page: Page, maxStops = 60): Promise<number> {
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
  return visited.size;
}
