import type { ShouldRevalidateFunction } from 'react-router';

/** The query parameter that names the open modal (spec §2 Modals). */
export const MODAL_PARAM = 'modal';

/** Key in the history entry's state marking an entry that the modal host pushed itself. */
export const MODAL_ENTRY_STATE_KEY = '__modal';

export function searchWithModal(search: string, name: string | null): string {
  const params = new URLSearchParams(search);
  if (name === null) params.delete(MODAL_PARAM);
  else params.set(MODAL_PARAM, name);
  const next = params.toString();
  return next === '' ? '' : `?${next}`;
}

function withoutModal(url: URL): string {
  return `${url.pathname}${searchWithModal(url.search, null)}`;
}

/**
 * Opening or closing a modal only changes the `modal` parameter; the page's loaders need not run again
 * for that (React Router revalidates on every search change by default).
 */
export const skipRevalidationForModal: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  const onlyModalChanged =
    currentUrl.searchParams.get(MODAL_PARAM) !== nextUrl.searchParams.get(MODAL_PARAM) &&
    withoutModal(currentUrl) === withoutModal(nextUrl);
  return onlyModalChanged ? false : defaultShouldRevalidate;
};
