import type { MonthlyDeposit, PutMonthlyDepositBody } from '@fund/contracts';
import { PlansPath } from '@fund/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productApi } from '../../../../lib/api/services';
import { tradingQueryKeys } from '../../shared/api/trading-query-keys';

/** `PUT /v1/monthlyDeposit`: sets or changes amount and day; the same request twice sets the same thing. */
export function putMonthlyDeposit(body: PutMonthlyDepositBody): Promise<MonthlyDeposit> {
  return productApi.put<MonthlyDeposit>(PlansPath.monthlyDeposit, { body, passThrough: 'any' });
}

/** `DELETE /v1/monthlyDeposit`: stops it (404 when none is set, shown in place). */
export function deleteMonthlyDeposit(): Promise<MonthlyDeposit> {
  return productApi.delete<MonthlyDeposit>(PlansPath.monthlyDeposit, { passThrough: 'any' });
}

function useDepositMutation<T>(call: (input: T) => Promise<MonthlyDeposit>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(tradingQueryKeys.monthlyDeposit(), answer),
  });
}

export function useSaveMonthlyDeposit() {
  return useDepositMutation(putMonthlyDeposit);
}

export function useStopMonthlyDeposit() {
  return useDepositMutation((_: void) => deleteMonthlyDeposit());
}
