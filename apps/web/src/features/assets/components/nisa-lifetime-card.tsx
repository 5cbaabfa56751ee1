import type { NisaStatusByYear } from '@fund/contracts';
import { Card, DescriptionList, Money, UsageBar } from '../../../components/ui';

/**
 * Lifetime use by 簿価 (domain.md §5): 18,000,000 in all, of which growth at most 12,000,000. Selling
 * gives the sold 簿価 back from 1 January of the next year (`freedFromNextYear`).
 */
export function NisaLifetimeCard({ status }: { readonly status: NisaStatusByYear }) {
  const { lifetime, year } = status;
  return (
    <Card title="生涯投資枠（簿価）">
      <p className="nisa-card__lead">
        NISAで保有している商品の簿価（購入時の金額）で数えます。売却すると、その簿価の分だけ翌年1月1日に枠が復活します。
      </p>
      <div className="nisa-use">
        <h3 className="nisa-use__name">合計（つみたて投資枠＋成長投資枠）</h3>
        <UsageBar max={lifetime.limit} segments={[{ value: lifetime.used, tone: 'used' }]} />
        <DescriptionList
          label="生涯投資枠の利用状況"
          items={[
            { term: '生涯非課税限度額', value: <Money value={lifetime.limit} alwaysShown /> },
            { term: '利用中（簿価）', value: <Money value={lifetime.used} /> },
            { term: '残り', value: <Money value={lifetime.remaining} /> },
          ]}
        />
      </div>
      <div className="nisa-use">
        <h3 className="nisa-use__name">うち成長投資枠</h3>
        <UsageBar max={lifetime.growthLimit} segments={[{ value: lifetime.growthUsed, tone: 'used' }]} />
        <DescriptionList
          label="成長投資枠の生涯上限の利用状況"
          items={[
            { term: '成長投資枠の上限', value: <Money value={lifetime.growthLimit} alwaysShown /> },
            { term: '利用中（簿価）', value: <Money value={lifetime.growthUsed} /> },
            { term: '残り', value: <Money value={lifetime.growthRemaining} /> },
          ]}
        />
      </div>
      <DescriptionList
        label="売却による枠の復活"
        items={[
          {
            term: `${year + 1}年1月に復活する枠`,
            value: <Money value={lifetime.freedFromNextYear} />,
            note: `${year}年に売却した商品の簿価`,
          },
        ]}
      />
    </Card>
  );
}
