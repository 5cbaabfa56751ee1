import type { AccountRoleType, FundDetail, FundSummary } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { useId } from 'react';
import { DescriptionList, ErrorState, NavPrice, Skeleton } from '../../../../components/ui';
import { useFund } from '../../shared/api/get-fund';
import { FundActions } from './fund-actions';
import { FundNavHistory } from './fund-nav-history';
import { ProspectusSection } from '../../shared/components/prospectus-section';
import { settlementWords } from '../../../../lib/fund-life/distribution-course-words';

/** 約定日 from 申込日, in the words of a fund's order rules. */
function tradeDateWords(priceLagDays: number): string {
  return priceLagDays === 0 ? '申込日当日' : `申込日の${priceLagDays}営業日後`;
}

function ScheduleFacts({ fund }: { readonly fund: FundDetail['fund'] }) {
  const settlement = settlementWords(fund.settlement);
  return (
    <DescriptionList
      label="お取引のスケジュールとファンドの情報"
      items={[
        {
          term: '申込締切時間',
          value: `${fund.cutOffTime}（営業日）`,
          note: '締切後のお申込みは翌営業日の受付です',
        },
        { term: '約定日', value: tradeDateWords(fund.priceLagDays) },
        { term: '受渡日（購入）', value: `約定日の${fund.buySettlementLagDays}営業日後` },
        { term: '受渡日（売却）', value: `約定日の${fund.sellSettlementLagDays}営業日後` },
        ...(fund.cancellationPrice === null
          ? []
          : [
              {
                term: '解約価額',
                value: <NavPrice value={fund.cancellationPrice} />,
                note: '1万口あたり（基準価額−信託財産留保額）',
              },
            ]),
        ...(settlement === undefined
          ? []
          : [{ term: '決算日', value: settlement, note: '休業日の場合は翌営業日' }]),
        {
          term: '分配金の受取方法',
          value: fund.reinvestmentOffered ? '受取・再投資から選べます' : '受取のみ',
        },
        ...(fund.redemption === null
          ? []
          : [
              {
                term: '償還日',
                value: formatJapaneseDate(fund.redemption.date),
                note: `ご注文の受付は${formatJapaneseDate(fund.redemption.lastOrderDate)}まで`,
              },
            ]),
        { term: '運用会社', value: fund.managementCompany },
        { term: '設定日', value: formatJapaneseDate(fund.inceptionDate) },
      ]}
    />
  );
}

/**
 * A fund opened from the list: its 基準価額 chart, the prospectus to read and confirm, its order schedule
 * and what the customer can do with it. The list's summary draws the chart at once; the detail (with the
 * prospectus) has its own loading and error state.
 */
export function FundDetailPanel({
  fund,
  accountRole: role,
  held,
  id,
}: {
  readonly fund: FundSummary;
  readonly accountRole: AccountRoleType | null;
  readonly held: boolean;
  readonly id: string;
}) {
  const detail = useFund(fund.code);
  const chartHeadingId = useId();
  const prospectusHeadingId = useId();
  const scheduleHeadingId = useId();
  return (
    <div id={id} className="fund-detail">
      <FundNavHistory fund={fund} headingId={chartHeadingId} />
      {detail.isPending ? (
        <Skeleton label="交付目論見書" lines={4} />
      ) : detail.isError ? (
        <ErrorState
          what="ファンドの詳細"
          retrying={detail.isRefetching}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <>
          <ProspectusSection
            code={fund.code}
            prospectus={detail.data.fund.prospectus}
            headingId={prospectusHeadingId}
          />
          <section className="fund-detail__part" aria-labelledby={scheduleHeadingId}>
            <h4 id={scheduleHeadingId} className="fund-detail__heading">
              お取引のスケジュールとファンドの情報
            </h4>
            <ScheduleFacts fund={detail.data.fund} />
          </section>
          <FundActions fund={detail.data.fund} accountRole={role} held={held} />
        </>
      )}
    </div>
  );
}
