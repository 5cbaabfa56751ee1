import type { ShouldRevalidateFunction } from 'react-router';

/**
 * A page's loader runs again when its path changes (another page, another fund), not when only its query
 * changes: a filter, a tab, a year, a modal (`?modal=`) are read by the page's own queries, which show a
 * skeleton for new data, so a tap on a filter answers at once instead of waiting for the loader. An
 * explicit revalidation of the same address keeps React Router's default.
 */
export const pageRevalidates: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    ? false
    : defaultShouldRevalidate;
