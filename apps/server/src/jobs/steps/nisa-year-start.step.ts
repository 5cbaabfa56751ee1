import { isBusinessDay, previousBusinessDay, yearOf, type IsoDate } from '@fund/domain';
import type { BatchStep } from '../batch-runner.ts';
import { formatYen } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';
import { customersWithFreedNisaRoom, freedNisaBookValue } from './nisa-year-start.repository.ts';

/** Whether `date` is the first business day of its year. */
export function isFirstBusinessDayOfYear(date: IsoDate): boolean {
  return isBusinessDay(date) && yearOf(previousBusinessDay(date)) < yearOf(date);
}

/**
 * g. Year start: the NISA lifetime room freed by last year's sales (`nisa_usage.freed` of year − 1) counts
 * again from 1 January (`nisaLifetimeUse` reads it so, nothing needs rewriting); on the first business day
 * of the year each customer concerned gets a notice of the revived room. One item per customer.
 */
export const nisaYearStartStep: BatchStep = {
  name: 'nisa-year-start',
  async enumerate(db, { businessDate }) {
    if (!isFirstBusinessDayOfYear(businessDate)) return [];
    return customersWithFreedNisaRoom(db, yearOf(businessDate) - 1);
  },
  async process(tx, customerId, { businessDate, now }) {
    const freed = await freedNisaBookValue(tx, customerId, yearOf(businessDate) - 1);
    if (freed <= 0n) return 'nothing-freed';
    await postNotice(tx, {
      customerId,
      title: 'NISA生涯投資枠の復活のお知らせ',
      lines: [
        `${yearOf(businessDate) - 1}年にNISA口座で売却された簿価 ${formatYen(freed)} 分の生涯投資枠（非課税保有限度額）が、${yearOf(businessDate)}年1月1日から再びご利用いただけます。`,
        '年間投資枠は復活しません。',
      ],
      at: now(),
    });
    return 'noticed';
  },
};
