import type { DistributionCourseValue } from '@fund/contracts';

/** 受取 / 再投資 as the screens name them. */
export const courseLabels: Readonly<Record<DistributionCourseValue, string>> = {
  REINVEST: '再投資',
  RECEIVE: '受取',
};

/** What each course means for the customer's money, tax and NISA room (domain.md §9), in plain words. */
export const courseExplanations: Readonly<Record<DistributionCourseValue, string>> = {
  REINVEST:
    '税引後の分配金で、決算日の基準価額（分配落ち後）で同じファンドを手数料なしで買い増します。NISA口座では非課税投資枠を使い、枠に空きがないときは特定口座（なければ一般口座）で買い付けます。',
  RECEIVE:
    '税引後の分配金を、支払開始日にお預り金へ入金します。課税口座では普通分配金に20.315%（法人は15.315%）の税金がかかります。NISA口座では非課税です。',
};

/** The course choices of a fund: both where it offers 再投資, else 受取 alone, each with what it means. */
export function courseOptions(reinvestmentOffered: boolean) {
  return (reinvestmentOffered ? (['REINVEST', 'RECEIVE'] as const) : (['RECEIVE'] as const)).map(
    (course) => ({
      value: course,
      label: courseLabels[course],
      description: courseExplanations[course],
    }),
  );
}

/**
 * A fund's 決算日 as a prospectus states it: 毎月15日, 毎年12月10日, 年2回（1月・7月の20日）; 31 is the
 * month's end (末日). Undefined when the fund states none.
 */
export function settlementWords({ months, day }: { months: readonly number[]; day: number }) {
  const dayWords = day >= 31 ? '末日' : `${day}日`;
  if (months.length === 0) return undefined;
  if (months.length === 12) return `毎月${dayWords}`;
  if (months.length === 1) return `毎年${months[0]}月${dayWords}`;
  return `年${months.length}回（${months.join('・')}月の${dayWords}）`;
}
