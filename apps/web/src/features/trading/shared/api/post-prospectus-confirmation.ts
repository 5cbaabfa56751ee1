import type { FundDetail, ProspectusConfirmationResponse } from '@fund/contracts';
import { fillPath, FundsPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeaders } from '../../../../lib/api/idempotency-key';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from './trading-query-keys';

/** `POST /v1/funds/{code}/prospectusConfirmations`: the customer has read the current 交付目論見書. */
export function postProspectusConfirmation(
  code: string,
  key: string,
): Promise<ProspectusConfirmationResponse> {
  return productApi.post<ProspectusConfirmationResponse>(
    fillPath(FundsPath.prospectusConfirmations, { code }),
    {
      headers: idempotencyHeaders(key),
    },
  );
}

/** The cached fund with `version` of its prospectus confirmed (a revision read is no longer news). */
function withConfirmedVersion(detail: FundDetail | undefined, version: number): FundDetail | undefined {
  const prospectus = detail?.fund.prospectus;
  if (detail === undefined || prospectus === null || prospectus === undefined) return detail;
  const confirmed = prospectus.version === version;
  return {
    fund: {
      ...detail.fund,
      prospectus: {
        ...prospectus,
        confirmed,
        revisedSinceConfirmation: prospectus.revisedSinceConfirmation && !confirmed,
      },
    },
  };
}

/** Confirms and marks the cached fund's prospectus confirmed, so the buy is no longer blocked. */
export function useConfirmProspectus(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => postProspectusConfirmation(code, key),
    onSuccess: (answer) => {
      queryClient.setQueryData<FundDetail>(tradingQueryKeys.fund(code), (detail) =>
        withConfirmedVersion(detail, answer.version),
      );
      void queryClient.invalidateQueries({ queryKey: tradingQueryKeys.estimates() });
    },
  });
}
