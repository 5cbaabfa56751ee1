/** Query keys of the trading feature (decision 012); orders and plans invalidate by them. */
export const tradingQueryKeys = {
  all: ['trading'] as const,
  funds: () => [...tradingQueryKeys.all, 'funds'] as const,
  fund: (code: string) => [...tradingQueryKeys.all, 'fund', code] as const,
  navs: (code: string, from: string, to: string) =>
    [...tradingQueryKeys.all, 'navs', code, from, to] as const,
  estimates: () => [...tradingQueryKeys.all, 'estimate'] as const,
  estimate: (request: object) => [...tradingQueryKeys.estimates(), request] as const,
  plans: () => [...tradingQueryKeys.all, 'plans'] as const,
  recurringPurchases: () => [...tradingQueryKeys.plans(), 'recurringPurchases'] as const,
  scheduledSells: () => [...tradingQueryKeys.plans(), 'scheduledSells'] as const,
  monthlyDeposit: () => [...tradingQueryKeys.plans(), 'monthlyDeposit'] as const,
};
