import type { OrderEstimate } from '@fund/contracts';
import { formatJapaneseDate, formatJapaneseDateTime, formatRate } from '@fund/domain';
import { DescriptionList, Money, NavPrice, Units } from '../../../../components/ui';

const isNisa = (accountType: string) => accountType.includes('nisa');

/** Why the withheld tax is what it is, by account type (domain.md §6). */
function taxNote(estimate: OrderEstimate): string {
  if (estimate.accountType === 'specific') {
    if (estimate.estimatedTax.startsWith('-'))
      return '今年の特定口座の損益を通算した結果、源泉徴収済みの税額の一部が還付される見込みです。';
    if (estimate.estimatedTax === '0') return '譲渡益が出ない見込みのため、源泉徴収はありません。';
    return '特定口座（源泉徴収あり）のため、譲渡益に20.315%が源泉徴収されます。';
  }
  if (isNisa(estimate.accountType)) return 'NISA口座での売却益は非課税のため、源泉徴収はありません。';
  return '一般口座では源泉徴収は行われません。譲渡益はご自身で確定申告をしていただきます。';
}

function TaxFigure({ tax }: { readonly tax: string }) {
  if (!tax.startsWith('-')) return <Money value={tax} />;
  return (
    <span>
      還付 <Money value={tax.slice(1)} />
    </span>
  );
}

/**
 * The sell's estimate as the server computed it (blind pricing: the 解約価額 of the latest NAV, not the
 * 約定日's), with the retention fee, the tax by account type and the net proceeds.
 */
export function SellEstimateList({
  estimate,
  retentionFeeBasisPoints,
}: {
  readonly estimate: OrderEstimate;
  readonly retentionFeeBasisPoints: number | null;
}) {
  return (
    <DescriptionList
      label="受取金額の概算"
      items={[
        { term: '売却口数（概算）', value: <Units value={estimate.units} /> },
        {
          term: '解約価額（1万口あたり）',
          value: <NavPrice value={estimate.pricePer10k} />,
          note: `${formatJapaneseDate(estimate.priceDate)}時点`,
        },
        {
          term: '信託財産留保額',
          value:
            retentionFeeBasisPoints === null
              ? '解約価額に反映済み'
              : retentionFeeBasisPoints === 0
                ? 'なし'
                : `基準価額の${formatRate(BigInt(retentionFeeBasisPoints), 10_000n, 2)}`,
          note: retentionFeeBasisPoints === 0 ? undefined : '解約価額から差し引かれています',
        },
        { term: '概算受取金額（税引前）', value: <Money value={estimate.amount} /> },
        {
          term: '源泉徴収税額（概算）',
          value: <TaxFigure tax={estimate.estimatedTax} />,
          note: taxNote(estimate),
        },
        {
          term: '受取金額（概算）',
          value: <Money value={estimate.estimatedNetProceeds ?? estimate.amount} />,
        },
      ]}
    />
  );
}

/** 申込日, 約定日, 受渡日 and until when the order can be cancelled (web-screens.md g). */
export function SellDatesList({
  dates,
}: {
  readonly dates: Pick<
    OrderEstimate['dates'],
    'applicationDate' | 'tradeDate' | 'settlementDate' | 'cancelDeadline'
  >;
}) {
  return (
    <DescriptionList
      label="お取引の日程"
      items={[
        { term: '申込日', value: formatJapaneseDate(dates.applicationDate) },
        { term: '約定日（予定）', value: formatJapaneseDate(dates.tradeDate) },
        {
          term: '受渡日（予定）',
          value: formatJapaneseDate(dates.settlementDate),
          note: '受取金額がお預り金に入金される日です',
        },
        {
          term: '取消期限',
          value: formatJapaneseDateTime(dates.cancelDeadline),
          note: 'この日時の前までご注文を取り消せます',
        },
      ]}
    />
  );
}
