import { useQuery } from '@tanstack/react-query';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { ErrorState, Skeleton } from '../../../components/ui';
import { useSignedIn } from '../../../lib/auth/use-signed-in';
import { monthlyDepositQueryOptions } from '../shared/api/get-plans';
import { MonthlyDepositForm } from './components/monthly-deposit-form';
import { MonthlyDepositSignedOut } from './components/monthly-deposit-signed-out';
import '../shared/scheduled-buy.css';

/**
 * 毎月の入金 (spec §2). The route skips the sign-in check: whether there is a session is asked without
 * leaving the page (no redirect to sign-in), and the setting is fetched only when there is one; the
 * session layout shows the signed-in navigation around it only then (decision 015).
 */
export function MonthlyDepositPage() {
  const session = useSignedIn();
  const deposit = useQuery({ ...monthlyDepositQueryOptions(), enabled: session.data === true });
  return (
    <>
      <PageHeading title="毎月の入金" />
      {session.isPending ? (
        <Skeleton label="毎月の入金" lines={4} />
      ) : session.data !== true ? (
        <MonthlyDepositSignedOut />
      ) : deposit.isPending ? (
        <Skeleton label="毎月の入金" lines={4} />
      ) : deposit.isError ? (
        <ErrorState what="毎月の入金" onRetry={() => void deposit.refetch()} />
      ) : (
        <MonthlyDepositForm setting={deposit.data.monthlyDeposit} />
      )}
    </>
  );
}
