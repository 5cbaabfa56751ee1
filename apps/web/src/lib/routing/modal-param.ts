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
