import { LinkButton } from '../../../components/button/link-button';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { Card, EmptyState, ErrorState, Skeleton } from '../../../components/ui';
import { useAccountRole } from '../../../lib/auth/use-account-role';
import type { PageModule } from '../../../lib/routing/page-module';
import { useParams, useSearchParams } from 'react-router';
import { useFund } from '../shared/api/get-fund';
import { useSellHoldings } from './api/get-sell-holdings';
import { ScheduledSellSection } from '../scheduled-sell/components/scheduled-sell-section';
import { SellComplete } from './components/sell-complete';
import { SellConfirm } from './components/sell-confirm';
import { SellHoldingsCard } from './components/sell-holdings-card';
import { SellInputForm } from './components/sell-input-form';
import {
  forgetSellIntent,
  placedSellOf,
  sellDraftOf,
  sellDraftParams,
  sellRequestOf,
  sellStepOf,
  type SellDraft,
} from './sell-draft';
import { byAccountTypeOrder } from '../shared/sell-labels';
import './sell-page.css';

/**
 * 売却 (spec §2 /trading/sell/{code}, issue 15 point 3): the holdings of the fund per account type, the
 * order (金額指定 / 口数指定 / 全部解約) → its confirmation with the estimate (?step=confirm) → the
 * completion with the holding as it now shows (?step=done); and the fund's 定期売却 below.
 */
export function SellPage() {
  const code = useParams().code ?? '';
  const role = useAccountRole();
  const [params, setParams] = useSearchParams();
  const holdings = useSellHoldings();
  const fund = useFund(code);
  const step = sellStepOf(params);
  const draft = sellDraftOf(params);

  const go = (next: SellDraft, to: typeof step, replace = false) =>
    setParams(sellDraftParams(next, to), { replace });

  const ofFund = (holdings.data?.holdings ?? [])
    .filter((holding) => holding.fund.code === code)
    .toSorted((a, b) => byAccountTypeOrder(a.accountType, b.accountType));
  const sellable = ofFund.filter((holding) => holding.units !== '0');
  const fundName = fund.data?.fund.name ?? ofFund[0]?.fund.name ?? '';
  const request = sellRequestOf(code, draft);
  const placed = step === 'done' ? placedSellOf(code) : null;

  const body = () => {
    if (holdings.isPending) return <Skeleton label="保有状況" lines={6} />;
    if (holdings.isError)
      return (
        <ErrorState what="保有状況" retrying={holdings.isFetching} onRetry={() => void holdings.refetch()} />
      );
    if (step === 'done' && placed !== null)
      return (
        <SellComplete
          order={placed}
          holding={ofFund.find((holding) => holding.accountType === placed.accountType)}
          holdingState={holdings.isFetching ? 'pending' : 'ready'}
          onRetryHolding={() => void holdings.refetch()}
          onSellAgain={() => {
            forgetSellIntent(code);
            go({ accountType: '', orderType: 'QUANTITY', amount: '', units: '' }, 'input');
          }}
        />
      );
    if (ofFund.length === 0)
      return (
        <Card>
          <EmptyState
            title="このファンドを保有していません。"
            action={
              <LinkButton to="/trading" variant="outline">
                ファンド一覧を見る
              </LinkButton>
            }
          >
            売却できるのは保有しているファンドです。
          </EmptyState>
        </Card>
      );
    if (step === 'confirm' && request !== null && sellable.some((h) => h.accountType === request.accountType))
      return (
        <SellConfirm
          fundName={fundName}
          request={request}
          retentionFeeBasisPoints={fund.data?.fund.retentionFeeBasisPoints ?? null}
          onBack={() => go(draft, 'input')}
          onPlaced={() => go(draft, 'done', true)}
        />
      );
    return (
      <>
        <SellHoldingsCard holdings={ofFund} />
        {sellable.length === 0 ? (
          <Card>
            <p className="sell-note">保有口数はすべて売却注文中です。約定後に資産状況でご確認ください。</p>
          </Card>
        ) : (
          <SellInputForm
            fundCode={code}
            holdings={sellable}
            draft={draft}
            onConfirm={(next) => go(next, 'confirm')}
          />
        )}
      </>
    );
  };

  return (
    <div className="sell-page">
      <PageHeading title="売却" />
      {fundName === '' ? null : <p className="sell-page__fund">{fundName}</p>}
      {body()}
      {holdings.isSuccess ? (
        <ScheduledSellSection
          fundCode={code}
          role={role}
          heldInSpecific={ofFund.some(
            (holding) => holding.accountType === 'specific' && holding.units !== '0',
          )}
          today={holdings.data.referenceDate}
        />
      ) : null}
    </div>
  );
}

export const sellPage: PageModule = { Component: SellPage };
