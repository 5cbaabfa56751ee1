import type { Assets } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { Card, Change, DescriptionList, Money, PrivacyToggle } from '../../../components/ui';
import { previousValueOf } from '../day-change-base';

/**
 * 総資産 (domain.md §2): the funds at 解約価額, お預り金 and 受渡待ち, so money in flight never drops out of
 * the total; the funds' 評価損益 against 簿価 and their 前日比 beside it, with the reference date.
 */
export function AssetsSummary({ assets }: { readonly assets: Assets }) {
  const { total, inTransit } = assets;
  const inTransitTotal = BigInt(inTransit.buys) + BigInt(inTransit.sells);
  const inTransitParts = [
    inTransit.buys === '0' ? null : (
      <span key="buys">
        買付 <Money value={inTransit.buys} />
      </span>
    ),
    inTransit.sells === '0' ? null : (
      <span key="sells">
        売却 <Money value={inTransit.sells} />
      </span>
    ),
  ].filter((part) => part !== null);
  return (
    <Card title="総資産" action={<PrivacyToggle />} className="assets-summary">
      <p className="assets-summary__total">
        <Money value={assets.totalAssets} />
      </p>
      <p className="assets-summary__date">{formatJapaneseDate(assets.referenceDate)}時点</p>
      <DescriptionList
        label="総資産の内訳"
        items={[
          { term: '投資信託（評価額）', value: <Money value={total.value} /> },
          {
            term: '評価損益',
            value: <Change value={total.gainLoss} base={total.bookValue} />,
          },
          {
            term: '前日比',
            value: <Change value={total.dayChange} base={previousValueOf(total.value, total.dayChange)} />,
          },
          { term: 'お預り金', value: <Money value={assets.cashBalance} /> },
          {
            term: '受渡待ち',
            value: <Money value={inTransitTotal} />,
            ...(inTransitParts.length === 0
              ? {}
              : { note: <span className="assets-summary__in-transit">{inTransitParts}</span> }),
          },
        ]}
      />
    </Card>
  );
}
