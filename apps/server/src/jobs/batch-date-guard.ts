import { jstDateOf, type IsoDate } from '@fund/domain';

/**
 * Production runs the batch for days that have come (Asia/Tokyo), never ahead: a 約定 may not happen before
 * its NAV is published, and orders placed later for a date run ahead would wait for a rerun. The demo
 * clock outside production moves ahead on purpose (`npm run batch -- --date`). The one-line reason, or
 * undefined when the dates may run.
 */
export function batchDatesRefusal(until: IsoDate, now: Date, isProduction: boolean): string | undefined {
  const today = jstDateOf(now);
  if (!isProduction || until <= today) return undefined;
  return `Refused: ${until} is after today's business date ${today} (Asia/Tokyo); in production the batch runs only dates that have come.`;
}
