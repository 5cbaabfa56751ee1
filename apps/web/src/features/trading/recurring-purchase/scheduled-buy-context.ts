import { useParams, useSearchParams } from 'react-router';
import { useAccountRole } from '../../../lib/auth/use-account-role';
import { useFund } from '../shared/api/get-fund';
import { useRecurringPurchases } from '../shared/api/get-plans';
import { draftOf } from './scheduled-buy-draft';

/**
 * What every step of 積立 reads: the fund code of the route, the draft of the URL, the fund, the customer's
 * plans (the plan being changed and the card total come from them) and the customer's role.
 */
export function useScheduledBuyContext() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const draft = draftOf(params);
  const fund = useFund(code);
  const plans = useRecurringPurchases();
  const role = useAccountRole();
  const plan =
    draft.plan === null
      ? null
      : (plans.data?.recurringPurchases.find((candidate) => candidate.id === draft.plan) ?? null);
  return { code, draft, fund, plans, plan, role };
}
