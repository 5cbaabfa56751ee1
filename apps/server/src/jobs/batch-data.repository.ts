import { extraHolidaysOf, tradingStandingRefusal, type ExtraHolidays } from '@fund/domain';
import {
  customers,
  fundHolidays,
  fundNavs,
  funds,
  informations,
  type Fund,
  type Transaction,
} from '@fund/db';
import { and, eq } from 'drizzle-orm';

/** The reads and writes the batch steps share: customers' standing, funds, NAVs, notices. */

export { rowsOf, type Row } from '../shared/rows-of.repository.ts';

/**
 * The outcome of an item skipped because the customer's account state forbids trading (locked, closed,
 * not opened; domain `tradingStandingRefusal`), e.g. `skipped-account-locked`; undefined when the
 * customer may trade. The batch neither debits, deposits nor orders for such a customer (issue 13).
 */
export async function skipForTradingStanding(
  tx: Transaction,
  customerId: string,
): Promise<string | undefined> {
  const [customer] = await tx
    .select({ equityStatus: customers.equityStatus, locked: customers.locked })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (customer === undefined) return 'skipped-no-customer';
  const refusal = tradingStandingRefusal(customer);
  return refusal === undefined ? undefined : `skipped-${refusal}`;
}

export interface FundWithHolidays {
  readonly fund: Fund;
  readonly holidays: ExtraHolidays;
}

export async function loadFund(tx: Transaction, fundId: string): Promise<FundWithHolidays> {
  const [fund] = await tx.select().from(funds).where(eq(funds.id, fundId));
  if (fund === undefined) throw new Error(`No fund ${fundId}`);
  const holidays = await tx
    .select({ holiday: fundHolidays.holiday })
    .from(fundHolidays)
    .where(eq(fundHolidays.fundId, fundId));
  return { fund, holidays: extraHolidaysOf(holidays.map((row) => row.holiday)) };
}

/** The stored NAV of a fund on a date, or undefined: the batch never guesses a price. */
export async function navOn(tx: Transaction, fundId: string, date: string): Promise<bigint | undefined> {
  const [row] = await tx
    .select({ nav: fundNavs.nav })
    .from(fundNavs)
    .where(and(eq(fundNavs.fundId, fundId), eq(fundNavs.navDate, date)));
  return row?.nav;
}

export type NoticeCategory = 'important' | 'others';

/** A notice (お知らせ) for one customer, shown on /notifications. */
export async function postNotice(
  tx: Transaction,
  notice: {
    customerId: string;
    title: string;
    lines: readonly string[];
    at: Date;
    category?: NoticeCategory;
    /** A screen of the app to act on (path), shown as a link after the lines. */
    link?: { readonly label: string; readonly path: string };
  },
): Promise<void> {
  const link =
    notice.link === undefined
      ? ''
      : `<p><a href="${escapeHtml(notice.link.path)}">${escapeHtml(notice.link.label)}</a></p>`;
  await tx.insert(informations).values({
    customerId: notice.customerId,
    category: notice.category ?? 'others',
    title: notice.title,
    body: notice.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') + link,
    publishedAt: notice.at,
  });
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
