import { useParams, useSearchParams, type Params } from 'react-router';

/**
 * The operator's act-as parameter (spec §2, §6): `baasId` may appear on any page, as a route parameter or
 * in the query. The API client will send it as the user-id header; here it is only read.
 */
export const BAAS_ID_PARAM = 'baasId';

export function readBaasId(params: Params, search: URLSearchParams): string | undefined {
  const value = (params[BAAS_ID_PARAM] ?? search.get(BAAS_ID_PARAM) ?? '').trim();
  // spec §5: empty parameter values count as absent
  return value === '' ? undefined : value;
}

export function useBaasId(): string | undefined {
  const params = useParams();
  const [search] = useSearchParams();
  return readBaasId(params, search);
}
