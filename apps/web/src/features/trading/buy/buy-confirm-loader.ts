import type { PageLoad } from '../../../lib/routing/page-module';
import { fundQueryOptions } from '../shared/api/get-fund';
import { placedBuyOrderQueryOptions } from './api/get-placed-buy-order';
import { orderEstimateQueryOptions } from '../shared/api/post-order-estimate';
import { draftFromSearchParams, estimateRequestOf } from './buy-draft';

/** 購入内容の確認's calls: the placed order (completion) or the draft's estimate, with the fund's name. */
export const loadBuyConfirmPage: PageLoad = async ({ queryClient, params, url }) => {
  const code = params.code ?? '';
  const orderId = url.searchParams.get('order');
  if (orderId !== null) {
    await queryClient.prefetchQuery(placedBuyOrderQueryOptions(orderId));
    return;
  }
  const draft = draftFromSearchParams(url.searchParams);
  if (draft === null) return;
  void queryClient.prefetchQuery(fundQueryOptions(code));
  await queryClient.prefetchQuery(orderEstimateQueryOptions(estimateRequestOf(code, draft)));
};
