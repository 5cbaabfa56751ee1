import type { NisaStatusByYear } from '@fund/contracts';
import {
  formatYen,
  isRecurringAmountMoved,
  splitRecurringAmount,
  type NisaRoom,
  type RecurringDestination,
  type Yen,
} from '@fund/domain';
import type { PlanAccountType } from '../scheduled-buy-rules';

const destinationLabels: Readonly<Record<RecurringDestination, string>> = {
  tsumitate: 'NISA つみたて投資枠',
  growth: 'NISA 成長投資枠',
  taxable: '特定口座（課税口座）',
};

function roomOf(status: NisaStatusByYear): NisaRoom {
  return {
    tsumitateAnnual: BigInt(status.tsumitate.remaining) as Yen,
    growthAnnual: BigInt(status.growth.remaining) as Yen,
    growthLifetime: BigInt(status.lifetime.growthRemaining) as Yen,
    lifetime: BigInt(status.lifetime.remaining) as Yen,
  };
}

/**
 * On the 積立 confirm screen, before the plan is set (domain.md §5 "say so before the plan is confirmed"):
 * how this year's room splits the monthly amount, with the batch's own rule (`splitRecurringAmount`):
 * つみたて first, the rest in 成長 if room, then the taxable account. Nothing is shown when the whole
 * amount fits the plan's own 枠.
 */
export function RecurringNisaSplit({
  accountType,
  amount,
  fundTsumitateEligible,
  status,
}: {
  readonly accountType: PlanAccountType;
  readonly amount: string;
  readonly fundTsumitateEligible: boolean;
  readonly status: NisaStatusByYear | null | undefined;
}) {
  if (accountType !== 'nisa2_tsumitate' && accountType !== 'nisa2_growth') return null;
  if (status === undefined || !/^[1-9]\d*$/.test(amount)) return null;
  const destination = accountType === 'nisa2_tsumitate' ? 'tsumitate' : 'growth';
  const parts = splitRecurringAmount(
    { amount: BigInt(amount) as Yen, destination, fundTsumitateEligible },
    status === null ? undefined : roomOf(status),
  );
  if (!isRecurringAmountMoved(destination, parts)) return null;
  return (
    <div className="scheduled-buy__nisa" role="note" aria-label="NISAの投資枠による買付口座">
      <p className="scheduled-buy__nisa-room">
        {status === null
          ? `毎月の積立金額 ${formatYen(amount)}は、NISA口座で買い付けられないため、次の口座で買い付けます。`
          : `${status.year}年の投資枠の残りでは、毎月の積立金額 ${formatYen(amount)}は次のとおり分けて買い付けます。`}
      </p>
      <ul className="scheduled-buy__nisa-split">
        {parts.map((part) => (
          <li key={part.destination}>
            {destinationLabels[part.destination]}：{formatYen(part.amount)}
          </li>
        ))}
      </ul>
      <p className="scheduled-buy__note">
        毎月の買付は、その買付の受渡日の年の残り枠で分けます（12月下旬の買付は受渡日が翌年になり、翌年の枠を使います）。分けて買い付けた月は、お知らせでご案内します。
      </p>
    </div>
  );
}
