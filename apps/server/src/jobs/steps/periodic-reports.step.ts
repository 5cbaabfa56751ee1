import { isoDate, periodicReportsDue, type IsoDate } from '@fund/domain';
import type { Transaction } from '@fund/db';
import {
  annualSpecificAccountReportTitle,
  balanceReportTitle,
  issueAnnualSpecificAccountReport,
  issueBalanceReport,
} from '../../modules/documents/periodic-reports.ts';
import {
  customersHoldingAt,
  customersPaidDistributionsBetween,
  customersWithSpecificAccountSalesIn,
  customersWithTradesSettledBetween,
  hasDocument,
} from '../../modules/documents/periodic-reports.repository.ts';
import type { BatchStep } from '../batch-runner.ts';
import { postNotice } from '../batch-data.repository.ts';

/**
 * h. Periodic 電子交付書面 (decision 017, "Issued by the batch"), on the first business day of a quarter
 * (`periodicReportsDue`), after the settlements so the quarter's last ones are in:
 * - the 取引残高報告書 of the quarter just ended to every customer with a trade settled or a distribution
 *   paid in it (the report lists the quarter's distributions); for the
 *   quarter ending 31 December also to every customer holding units or cash at its end (the yearly one);
 * - in January, the previous year's 特定口座年間取引報告書 to every customer with a specific-account sale
 *   settled in that year.
 * One item per customer and report (`<customerId>:BALANCE_REPORT:<asOf>`,
 * `<customerId>:ANNUAL_SPECIFIC_ACCOUNT_REPORT:<year>`). A customer who already has the document (same kind
 * and title: the demo may have issued it) gets no second one and no notice.
 */
export const periodicReportsStep: BatchStep = {
  name: 'periodic-reports',
  async enumerate(db, { businessDate }) {
    const items: string[] = [];
    for (const due of periodicReportsDue(businessDate)) {
      if (due.kind === 'BALANCE_REPORT') {
        const customers = new Set([
          ...(await customersWithTradesSettledBetween(db, due.periodStart, due.asOf)),
          ...(await customersPaidDistributionsBetween(db, due.periodStart, due.asOf)),
        ]);
        if (due.yearly) for (const id of await customersHoldingAt(db, due.asOf)) customers.add(id);
        for (const id of customers) items.push(`${id}:BALANCE_REPORT:${due.asOf}`);
      } else {
        for (const id of await customersWithSpecificAccountSalesIn(db, due.year)) {
          items.push(`${id}:ANNUAL_SPECIFIC_ACCOUNT_REPORT:${due.year}`);
        }
      }
    }
    return items;
  },
  async process(tx, itemId, { businessDate, now }) {
    const [customerId, kind, period] = itemId.split(':') as [string, string, string];
    if (kind !== 'BALANCE_REPORT' && kind !== 'ANNUAL_SPECIFIC_ACCOUNT_REPORT') {
      throw new Error(`Not a periodic report item: ${itemId}`);
    }
    const title =
      kind === 'BALANCE_REPORT'
        ? balanceReportTitle(period)
        : annualSpecificAccountReportTitle(Number(period));
    if (await hasDocument(tx, customerId, kind, title)) return 'already-issued';
    await issue(tx, { customerId, kind, period, issuedOn: businessDate });
    await postNotice(tx, {
      customerId,
      title: '電子交付書面のお知らせ',
      lines: [`${title}を交付しました。マイページの「電子交付書面」からご覧いただけます。`],
      link: { label: 'マイページへ', path: '/mypage' },
      at: now(),
    });
    return 'issued';
  },
};

function issue(
  tx: Transaction,
  item: {
    customerId: string;
    kind: 'BALANCE_REPORT' | 'ANNUAL_SPECIFIC_ACCOUNT_REPORT';
    period: string;
    issuedOn: IsoDate;
  },
): Promise<string> {
  const { customerId, issuedOn } = item;
  return item.kind === 'BALANCE_REPORT'
    ? issueBalanceReport(tx, { customerId, asOf: isoDate(item.period), issuedOn })
    : issueAnnualSpecificAccountReport(tx, { customerId, year: Number(item.period), issuedOn });
}
