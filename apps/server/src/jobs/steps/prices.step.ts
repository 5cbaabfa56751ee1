import { isIsoDate, parseNavPer10k } from '@fund/domain';
import { seedDemoFunds, type Database } from '@fund/db';
import type { BatchStep } from '../batch-runner.ts';
import { fundIdsByCode, insertNav, storedNav } from './prices.repository.ts';

/**
 * a. Prices: the NAVs of the business date. In development and demos the deterministic demo NAVs up to the
 * date are added (`seedDemoFunds`, idempotent); in production NAVs come from the fund companies' files,
 * imported with `importNavCsv` (CLI `--prices file.csv`) before the day runs. One item per day ('-').
 */
export const pricesStep: BatchStep = {
  name: 'prices',
  enumerate: async (_db, { settings }) => (settings.demoPrices ? ['-'] : []),
  async process(tx, _itemId, context) {
    const report = await seedDemoFunds(tx, context.businessDate);
    return report.navsInserted > 0 ? `navs+${report.navsInserted}` : 'no-new-navs';
  },
};

export class NavCsvError extends Error {
  override readonly name = 'NavCsvError';
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`NAV file refused (${problems.length} problem(s)):\n${problems.slice(0, 20).join('\n')}`);
    this.problems = problems;
  }
}

export interface NavCsvReport {
  readonly lines: number;
  readonly inserted: number;
  /** Lines whose NAV was already stored with the same value. */
  readonly unchanged: number;
}

/**
 * Imports `fund_code,date,nav` lines (an optional header line `fund_code,date,nav`; NAV in whole yen per
 * 10,000 units). All or nothing: every line is validated first (known fund, real date, positive whole
 * NAV, no duplicate fund and date) and one transaction inserts them. A NAV already stored with another
 * value is refused — orders may have been priced at it; a correction is an operator's decision.
 */
export async function importNavCsv(db: Database, csv: string): Promise<NavCsvReport> {
  const problems: string[] = [];
  const parsed: { code: string; date: string; nav: bigint; line: number }[] = [];
  const seen = new Set<string>();
  const lines = csv.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const number = index + 1;
    if (line === '' || line.startsWith('#')) return;
    if (number === 1 && line.toLowerCase().replaceAll(' ', '') === 'fund_code,date,nav') return;
    const fields = line.split(',').map((field) => field.trim());
    if (fields.length !== 3) {
      problems.push(`line ${number}: expected fund_code,date,nav`);
      return;
    }
    const [code = '', date = '', navText = ''] = fields;
    if (!/^[0-9A-Z]{8}$/.test(code))
      problems.push(`line ${number}: fund code "${code}" is not 8 digits/capitals`);
    if (!isIsoDate(date)) problems.push(`line ${number}: date "${date}" is not YYYY-MM-DD`);
    const nav = parseNavPer10k(navText);
    if (!nav.ok)
      problems.push(`line ${number}: NAV "${navText}" is not a positive whole number (${nav.problem})`);
    const key = `${code} ${date}`;
    if (seen.has(key)) problems.push(`line ${number}: ${code} ${date} appears twice`);
    seen.add(key);
    if (nav.ok) parsed.push({ code, date, nav: nav.value, line: number });
  });
  const codes = [...new Set(parsed.map((row) => row.code))];
  const idOf = await fundIdsByCode(db, codes);
  for (const row of parsed) {
    if (!idOf.has(row.code)) problems.push(`line ${row.line}: unknown fund ${row.code}`);
  }
  if (problems.length > 0) throw new NavCsvError(problems);

  return db.transaction(async (tx) => {
    let inserted = 0;
    let unchanged = 0;
    for (const row of parsed) {
      const fundId = idOf.get(row.code)!;
      const stored = await storedNav(tx, fundId, row.date);
      if (stored !== undefined) {
        if (stored !== row.nav) {
          throw new NavCsvError([
            `line ${row.line}: ${row.code} ${row.date} is stored as ${stored}, not ${row.nav}`,
          ]);
        }
        unchanged += 1;
        continue;
      }
      await insertNav(tx, fundId, row.date, row.nav);
      inserted += 1;
    }
    return { lines: parsed.length, inserted, unchanged };
  });
}
