import type { AccountTransferAccount } from '@fund/contracts';
import { SaisonConnectPath } from '@fund/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api/api-client';
import { PassThrough } from '../../../../lib/api/pass-through';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from './trading-query-keys';

/**
 * Whether the bank account 口座振替 debits (積立 and 毎月の入金) is registered: `GET /v1/cashflows/
 * accountTransfer/account` answers 400-666 when none is (spec §8 pass-through). Without one the server
 * refuses a 口座振替 積立 and a 毎月の入金 (400-227, decision 035), so the screens say so before the customer
 * submits. Silent, as my page's call of the same path.
 */
export type BankAccountOnFile = 'bank-account' | 'no-bank-account';

export async function getBankAccountForDebits(signal?: AbortSignal): Promise<BankAccountOnFile> {
  try {
    await productApi.get<AccountTransferAccount>(SaisonConnectPath.accountTransferAccount, {
      signal,
      silent: true,
      passThrough: PassThrough.getAccountTransferAccount,
    });
    return 'bank-account';
  } catch (error) {
    if (error instanceof ApiError && error.code === '400-666') return 'no-bank-account';
    throw error;
  }
}

export function bankAccountForDebitsQueryOptions() {
  return queryOptions({
    queryKey: [...tradingQueryKeys.plans(), 'bankAccountOnFile'] as const,
    queryFn: ({ signal }) => getBankAccountForDebits(signal),
  });
}

export function useBankAccountForDebits() {
  return useQuery(bankAccountForDebitsQueryOptions());
}
