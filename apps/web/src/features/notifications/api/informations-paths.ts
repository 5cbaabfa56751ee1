import type { InformationsPath } from '@fund/contracts';

// The contracts' paths, checked against them at compile time: the web app imports the contracts' types
// only, so zod stays out of its bundles.

export const informationsListPath: (typeof InformationsPath)['list'] = '/v1/informations';

/** `/v1/informations/{id}` (InformationsPath.detail). */
export function informationPath(id: string): string {
  return `${informationsListPath}/${encodeURIComponent(id)}`;
}

/** `/v1/informations/{id}/read` (InformationsPath.read). */
export function informationReadPath(id: string): string {
  return `${informationPath(id)}/read`;
}

/** Query keys of the feature; a read notice updates both. */
export const notificationsQueryKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationsQueryKeys.all, 'list'] as const,
  list: (category: string) => [...notificationsQueryKeys.lists(), category] as const,
  detail: (id: string) => [...notificationsQueryKeys.all, 'detail', id] as const,
};
