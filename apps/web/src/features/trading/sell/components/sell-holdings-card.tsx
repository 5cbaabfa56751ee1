import type { AssetHolding } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { Card, Change, DescriptionList, Money, NavPrice, Units } from '../../../../components/ui';
import { sellAccountTypeLabel } from '../../shared/sell-labels';

/** One holding's figures: units free to sell, units held by pending sells, 評価額, 簿価, 評価損益. */
export function SellHoldingFigures({ holding }: { readonly holding: AssetHolding }) {
  const label = `${sellAccountTypeLabel(holding.accountType)}の保有状況`;
  return (
    <DescriptionList
      label={label}
      items={[
        { term: '保有口数', value: <Units value={holding.units} /> },
        ...(holding.pendingSellUnits === '0'
          ? []
          : [
              {
                term: '売却注文中の口数',
                value: <Units value={holding.pendingSellUnits} />,
                note: '保有口数から差し引いて表示しています',
              },
            ]),
        { term: '評価額', value: <Money value={holding.value} /> },
        { term: '簿価（取得価額）', value: <Money value={holding.bookValue} /> },
        { term: '評価損益', value: <Change value={holding.gainLoss} base={holding.bookValue} /> },
      ]}
    />
  );
}

/**
 * The customer's holdings of the fund per account type (spec §9: valued at the 解約価額 of the reference
 * date; spec §4: the units of pending sells already deducted).
 */
export function SellHoldingsCard({ holdings }: { readonly holdings: readonly AssetHolding[] }) {
  const priced = holdings.find((holding) => holding.cancellationPrice !== null && holding.navDate !== null);
  return (
    <Card title="保有状況">
      {holdings.map((holding) => (
        <div key={holding.accountType} className="sell-holding">
          <h3 className="sell-holding__account">{sellAccountTypeLabel(holding.accountType)}</h3>
          <SellHoldingFigures holding={holding} />
        </div>
      ))}
      {priced?.cancellationPrice == null || priced.navDate === null ? null : (
        <p className="sell-note">
          評価額は{formatJapaneseDate(priced.navDate)}の解約価額 <NavPrice value={priced.cancellationPrice} />
          （1万口あたり）で計算しています。
        </p>
      )}
    </Card>
  );
}
