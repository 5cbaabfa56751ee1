/** Query keys of the home screen's own calls (decision 012). */
export const homeQueryKeys = {
  all: ['home'] as const,
  point: () => [...homeQueryKeys.all, 'point'] as const,
  importantNotices: () => [...homeQueryKeys.all, 'important-notices'] as const,
  recurringPurchases: () => [...homeQueryKeys.all, 'recurring-purchases'] as const,
  ordersInProgress: () => [...homeQueryKeys.all, 'orders-in-progress'] as const,
};
