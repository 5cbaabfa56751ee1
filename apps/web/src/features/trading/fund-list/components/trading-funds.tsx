import type { AccountRoleType } from '@fund/contracts';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, Skeleton } from '../../../../components/ui';
import { useFunds } from '../api/get-funds';
import { useHeldFunds } from '../api/get-held-funds';
import { FundCard } from './fund-card';

const fundParam = 'fund';

/**
 * ファンド一覧: every fund on sale (and those whose buying stopped), one card each. The opened fund lives in
 * the address (`?fund=CODE`), so a reload or a shared link opens it again and the back button closes it.
 */
export function TradingFunds({ accountRole: role }: { readonly accountRole: AccountRoleType | null }) {
  const funds = useFunds();
  const held = useHeldFunds();
  const [searchParams, setSearchParams] = useSearchParams();
  const openCode = searchParams.get(fundParam);

  const toggle = (code: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (next.get(fundParam) === code) next.delete(fundParam);
        else next.set(fundParam, code);
        return next;
      },
      { preventScrollReset: true },
    );

  let content;
  if (funds.isPending) {
    content = <Skeleton label="ファンド一覧" lines={8} />;
  } else if (funds.isError) {
    content = (
      <ErrorState what="ファンド一覧" retrying={funds.isRefetching} onRetry={() => void funds.refetch()} />
    );
  } else if (funds.data.funds.length === 0) {
    content = (
      <EmptyState title="お取り扱い中のファンドはありません。">
        取り扱いを始めたファンドは、このページとお知らせでご案内します。
      </EmptyState>
    );
  } else {
    content = (
      <ul className="trading-funds__list">
        {funds.data.funds.map((fund) => (
          <FundCard
            key={fund.code}
            fund={fund}
            accountRole={role}
            held={held.data?.has(fund.code) ?? false}
            open={openCode === fund.code}
            onToggle={() => toggle(fund.code)}
          />
        ))}
      </ul>
    );
  }
  return (
    <section className="trading-funds" aria-labelledby="trading-funds-heading">
      <h2 id="trading-funds-heading" className="trading-section__heading">
        ファンド一覧
      </h2>
      {content}
    </section>
  );
}
