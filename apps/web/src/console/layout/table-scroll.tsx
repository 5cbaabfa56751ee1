import type { ReactNode } from 'react';

/**
 * A wide table in a narrow window scrolls sideways instead of breaking 口座番号 and names letter by letter.
 * The scrolling region takes the keyboard focus and has a name, so a keyboard user can scroll it too
 * (WCAG 2.1.1, axe scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll region must be reachable by keyboard
    <div className="console-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
