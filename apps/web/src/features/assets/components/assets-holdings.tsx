import type { Assets } from '@fund/contracts';
import { formatAccountType, type WholeNumber } from '@fund/domain';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Change, EmptyState, Money, SegmentedControl } from '../../../components/ui';
import { holdingsByFund } from '../holdings-by-fund';
import { AssetsHolding } from './assets-holding';
import { previousValueOf } from '../day-change-base';

type HoldingsView = 'accountType' | 'fund';

const viewOptions = [
  { value: 'accountType', label: '口座別' },
  { value: 'fund', label: 'ファンド別' },
] as const;

interface GroupFigures {
  readonly value: WholeNumber;
  readonly bookValue: WholeNumber;
  readonly gainLoss: WholeNumber;
  readonly dayChange: WholeNumber;
}

/** A group's heading with its subtotal: 評価額, 評価損益 against 簿価 and 前日比. */
function HoldingsGroup({
  title,
  figures,
  children,
}: {
  readonly title: string;
  readonly figures: GroupFigures;
  readonly children: ReactNode;
}) {
  return (
    <section className="assets-group" aria-label={title}>
      <div className="assets-group__header">
        <h3 className="assets-group__title">{title}</h3>
        <span className="assets-group__value">
          <Money value={figures.value} />
        </span>
      </div>
      <dl className="assets-group__figures">
        <div>
          <dt>評価損益</dt>
          <dd>
            <Change value={figures.gainLoss} base={figures.bookValue} />
          </dd>
        </div>
        <div>
          <dt>前日比</dt>
          <dd>
            <Change value={figures.dayChange} base={previousValueOf(figures.value, figures.dayChange)} />
          </dd>
        </div>
      </dl>
      <div className="assets-group__holdings">{children}</div>
    </section>
  );
}

/**
 * 保有資産: every holding at the 解約価額 of the reference date, grouped by account type (with the
 * server's subtotals) or by fund; an empty account says how to start.
 */
export function AssetsHoldings({ assets, canBuy }: { readonly assets: Assets; readonly canBuy: boolean }) {
  const [view, setView] = useState<HoldingsView>('accountType');
  if (assets.holdings.length === 0) {
    return (
      <Card title="保有資産">
        <EmptyState
          title="保有しているファンドはありません"
          action={<Link to="/trading">ファンドを探して購入する</Link>}
        >
          ファンドを購入すると、ここに評価額と評価損益が表示されます。
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title="保有資産" className="assets-holdings">
      <SegmentedControl label="表示の切り替え" options={viewOptions} value={view} onChange={setView} />
      {view === 'accountType'
        ? assets.byAccountType.map((subtotal) => (
            <HoldingsGroup
              key={subtotal.accountType}
              title={formatAccountType(subtotal.accountType)}
              figures={subtotal}
            >
              {assets.holdings
                .filter((holding) => holding.accountType === subtotal.accountType)
                .map((holding) => (
                  <AssetsHolding key={holding.fund.code} holding={holding} titledBy="fund" canBuy={canBuy} />
                ))}
            </HoldingsGroup>
          ))
        : holdingsByFund(assets.holdings).map((group) => (
            <HoldingsGroup key={group.fund.code} title={group.fund.name} figures={group}>
              {group.holdings.map((holding) => (
                <AssetsHolding
                  key={holding.accountType}
                  holding={holding}
                  titledBy="accountType"
                  canBuy={canBuy}
                />
              ))}
            </HoldingsGroup>
          ))}
    </Card>
  );
}
