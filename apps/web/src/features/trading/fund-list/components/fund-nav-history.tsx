import type { FundSummary } from '@fund/contracts';
import { useState } from 'react';
import { LazyNavChart } from '../../../../components/charts/lazy-charts';
import { chartHeight } from '../../../../components/charts/chart-size';
import { ErrorState, SegmentedControl, Skeleton } from '../../../../components/ui';
import { useNavs } from '../api/get-navs';
import { defaultNavRange, navRangeFrom, navRanges, type NavRange } from '../fund-nav-range';

function NavHistory({ fund, navDate }: { readonly fund: FundSummary; readonly navDate: string }) {
  const [range, setRange] = useState<NavRange>(defaultNavRange);
  const navs = useNavs(fund.code, navRangeFrom(navDate, range), navDate);
  return (
    <>
      <SegmentedControl label="表示期間" options={navRanges} value={range} onChange={setRange} />
      {navs.isPending ? (
        <Skeleton label="基準価額の推移" height={chartHeight(1)} />
      ) : navs.isError ? (
        <ErrorState what="基準価額の推移" retrying={navs.isRefetching} onRetry={() => void navs.refetch()} />
      ) : (
        <LazyNavChart navs={navs.data.navs} fundName={fund.shortName} />
      )}
    </>
  );
}

/** 基準価額の推移 over 1か月/1年/5年 up to the fund's latest 基準日, with the chart's table alternative. */
export function FundNavHistory({
  fund,
  headingId,
}: {
  readonly fund: FundSummary;
  readonly headingId: string;
}) {
  return (
    <section className="fund-detail__part" aria-labelledby={headingId}>
      <h4 id={headingId} className="fund-detail__heading">
        基準価額の推移
      </h4>
      {fund.navDate === null ? (
        <p className="fund-detail__note">このファンドの基準価額はまだ公表されていません。</p>
      ) : (
        <NavHistory fund={fund} navDate={fund.navDate} />
      )}
    </section>
  );
}
