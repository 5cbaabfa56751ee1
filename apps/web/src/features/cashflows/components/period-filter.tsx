import { SegmentedControl } from '../../../components/ui';
import { historyPeriods, type HistoryPeriod } from '../history-filters';

export const periodLabels: Record<HistoryPeriod, string> = {
  thisMonth: '今月',
  lastMonth: '先月',
  threeMonths: '3か月',
  oneYear: '1年',
  all: 'すべて',
};

/** 期間: 今月 / 先月 / 3か月 / 1年 / すべて (先月 is one tap: "last month's cashflows"). */
export function PeriodFilter({
  label,
  value,
  onChange,
}: {
  readonly label: string;
  readonly value: HistoryPeriod;
  readonly onChange: (period: HistoryPeriod) => void;
}) {
  return (
    <SegmentedControl
      label={label}
      showLabel
      options={historyPeriods.map((period) => ({ value: period, label: periodLabels[period] }))}
      value={value}
      onChange={onChange}
    />
  );
}

const periodPhrases: Record<HistoryPeriod, string> = {
  thisMonth: '今月',
  lastMonth: '先月',
  threeMonths: '直近3か月',
  oneYear: '直近1年',
  all: '',
};

/** 「先月の入金はありません。」 / 「出金の履歴はありません。」 */
export function emptyTitle(what: string, period: HistoryPeriod): string {
  return period === 'all' ? `${what}の履歴はありません。` : `${periodPhrases[period]}の${what}はありません。`;
}
