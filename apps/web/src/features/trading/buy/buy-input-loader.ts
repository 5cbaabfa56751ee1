import { readSessionUser } from '../../../lib/auth/session-user';
import type { PageLoad } from '../../../lib/routing/page-module';
import { buyCashBalanceQueryOptions } from './api/get-buy-cash-balance';
import { buyNisaRoomQueryOptions } from './api/get-buy-nisa-room';
import { buyPointQueryOptions } from './api/get-buy-point';
import { fundQueryOptions } from '../shared/api/get-fund';

/** 購入金額の入力's calls, started with the navigation (decision 012). */
export const loadBuyInputPage: PageLoad = async ({ queryClient, params }) => {
  const role = readSessionUser()?.accountRole;
  if (role === 'JUNIOR_NISA') return; // no purchase: the page explains why, and asks nothing
  const code = params.code ?? '';
  // below the fold: each part shows its skeleton until its answer comes
  void queryClient.prefetchQuery(buyCashBalanceQueryOptions());
  void queryClient.prefetchQuery(buyPointQueryOptions());
  if (role === 'ADULT') void queryClient.prefetchQuery(buyNisaRoomQueryOptions('current'));
  // the first paint needs the fund; a failure stays in the query and the page offers a retry
  await queryClient.prefetchQuery(fundQueryOptions(code));
};
