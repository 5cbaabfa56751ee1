/** The periods a fund's 基準価額 chart shows (1か月/1年/5年), as the trading list offers them. */
export type NavRange = '1M' | '1Y' | '5Y';

export const navRanges: readonly { readonly value: NavRange; readonly label: string }[] = [
  { value: '1M', label: '1か月' },
  { value: '1Y', label: '1年' },
  { value: '5Y', label: '5年' },
];

export const defaultNavRange: NavRange = '1Y';

const monthsBack: Readonly<Record<NavRange, number>> = { '1M': 1, '1Y': 12, '5Y': 60 };

/**
 * The first day of the period that ends on `to` (a fund's latest 基準日, not the device's clock, so the
 * chart ends where the fund's prices end): the same day `range` months before, or that month's last day
 * when it has no such day (2026-03-31 → 2026-02-28). Calendar arithmetic on the ISO date, no time zone.
 */
export function navRangeFrom(to: string, range: NavRange): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(to);
  if (match === null) throw new RangeError(`Not a YYYY-MM-DD date: ${to}`);
  const monthIndex = Number(match[1]) * 12 + (Number(match[2]) - 1) - monthsBack[range];
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(match[3]), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
