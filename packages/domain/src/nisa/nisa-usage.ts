import { DomainError } from '../errors/domain-error.ts';
import type { Units, Yen } from '../money/money.ts';
import { bookValueOfUnits } from '../valuation/book-value.ts';
import { nisaLimits, type NisaBucket } from './nisa-limits.ts';

/**
 * A customer's use of the 2024 NISA, as two yearly ledgers of book value (簿価, the purchase amount):
 * - `purchases`: NISA purchases by 受渡日 year, settled and still pending (a pending order holds its
 *   limit from the moment it is placed); a sale never reduces them, so annual limits are never restored;
 *   only a cancelled, never-executed order is taken back out.
 * - `sales`: book value of NISA holdings sold, by the sale's 受渡日 year; it frees lifetime room from
 *   1 January of the following year.
 *
 * From these: book value held = all purchases − all sales, and the lifetime use that a purchase settling
 * in year Y sees = purchases settled up to Y − sales settled before Y (a sale in Y still counts in Y).
 */
export interface NisaBucketAmounts {
  readonly tsumitate: Yen;
  readonly growth: Yen;
}

export interface NisaYearAmounts extends NisaBucketAmounts {
  readonly year: number;
}

export interface NisaUsage {
  readonly purchases: readonly NisaYearAmounts[];
  readonly sales: readonly NisaYearAmounts[];
}

export interface NisaLifetimeUse {
  readonly total: Yen;
  readonly growth: Yen;
}

/** Room left under each limit a purchase settling in a given year must pass (残り枠). */
export interface NisaRoom {
  readonly tsumitateAnnual: Yen;
  readonly growthAnnual: Yen;
  readonly growthLifetime: Yen;
  readonly lifetime: Yen;
}

export interface NisaMovement {
  readonly bucket: NisaBucket;
  /** Book value: the purchase amount, or the book value a sale frees. */
  readonly bookValue: Yen;
  /** The 受渡日 year of the purchase or sale. */
  readonly year: number;
}

export class NisaBookValueError extends DomainError {
  override readonly name = 'NisaBookValueError';
  readonly code = 'nisa-book-value';
}

export const emptyNisaUsage: NisaUsage = { purchases: [], sales: [] };

const zero = 0n as Yen;

function assertMovement(movement: NisaMovement): void {
  if (movement.bookValue < 0n)
    throw new RangeError(`Book value must not be negative, got ${movement.bookValue}`);
  if (!Number.isInteger(movement.year))
    throw new RangeError(`Year must be a whole number, got ${movement.year}`);
}

function sumWhere(rows: readonly NisaYearAmounts[], include: (year: number) => boolean): NisaBucketAmounts {
  let tsumitate = 0n;
  let growth = 0n;
  for (const row of rows) {
    if (!include(row.year)) continue;
    tsumitate += row.tsumitate;
    growth += row.growth;
  }
  return { tsumitate: tsumitate as Yen, growth: growth as Yen };
}

function addTo(rows: readonly NisaYearAmounts[], movement: NisaMovement, sign: 1n | -1n): NisaYearAmounts[] {
  const delta = movement.bookValue * sign;
  const existing = rows.find((row) => row.year === movement.year) ?? {
    year: movement.year,
    tsumitate: zero,
    growth: zero,
  };
  const updated: NisaYearAmounts = {
    ...existing,
    [movement.bucket]: (existing[movement.bucket] + delta) as Yen,
  };
  return [...rows.filter((row) => row.year !== movement.year), updated].sort((a, b) => a.year - b.year);
}

/** Purchases (settled and pending) whose 受渡日 falls in `year`, per bucket. */
export function nisaAnnualUse(usage: NisaUsage, year: number): NisaBucketAmounts {
  return sumWhere(usage.purchases, (rowYear) => rowYear === year);
}

/** Book value held now, pending purchases included, per bucket. */
export function nisaHeldBookValue(usage: NisaUsage): NisaBucketAmounts {
  const bought = sumWhere(usage.purchases, () => true);
  const sold = sumWhere(usage.sales, () => true);
  return {
    tsumitate: (bought.tsumitate - sold.tsumitate) as Yen,
    growth: (bought.growth - sold.growth) as Yen,
  };
}

/** Lifetime use as a purchase settling in `year` sees it: sales free their book value the next January. */
export function nisaLifetimeUse(usage: NisaUsage, year: number): NisaLifetimeUse {
  const bought = sumWhere(usage.purchases, (rowYear) => rowYear <= year);
  const freed = sumWhere(usage.sales, (rowYear) => rowYear < year);
  const growth = bought.growth - freed.growth;
  return { total: (bought.tsumitate - freed.tsumitate + growth) as Yen, growth: growth as Yen };
}

/**
 * What is left of the lifetime limits in `year` itself, as a statement of that year shows it: the limits
 * less `nisaLifetimeUse` of that year (sales of earlier years freed, this year's not yet). Not `nisaRoom`,
 * which is the room of a new purchase and so also the smallest over later years with holds recorded.
 */
export function nisaLifetimeRemaining(usage: NisaUsage, year: number): { total: Yen; growth: Yen } {
  const use = nisaLifetimeUse(usage, year);
  const atLeastZero = (value: bigint): Yen => (value > 0n ? value : 0n) as Yen;
  return {
    total: atLeastZero(nisaLimits.lifetime - use.total),
    growth: atLeastZero(nisaLimits.growthLifetime - use.growth),
  };
}

function lastYearOf(usage: NisaUsage, from: number): number {
  return Math.max(from, ...usage.purchases.map((row) => row.year), ...usage.sales.map((row) => row.year));
}

/**
 * Room for a purchase settling in `year`. The lifetime rooms are the smallest over `year` and every later
 * year already in the ledgers: a pending order settling next January must still fit when this year's
 * sales stop counting, and this purchase must not crowd it out. After the last recorded year nothing
 * changes, so those years are enough.
 */
export function nisaRoom(usage: NisaUsage, year: number): NisaRoom {
  const annual = nisaAnnualUse(usage, year);
  let growthLifetime = nisaLimits.growthLifetime as bigint;
  let lifetime = nisaLimits.lifetime as bigint;
  for (let later = year; later <= lastYearOf(usage, year); later += 1) {
    const use = nisaLifetimeUse(usage, later);
    const growthRoom = nisaLimits.growthLifetime - use.growth;
    const totalRoom = nisaLimits.lifetime - use.total;
    if (growthRoom < growthLifetime) growthLifetime = growthRoom;
    if (totalRoom < lifetime) lifetime = totalRoom;
  }
  const atLeastZero = (value: bigint): Yen => (value > 0n ? value : 0n) as Yen;
  return {
    tsumitateAnnual: atLeastZero(nisaLimits.annual.tsumitate - annual.tsumitate),
    growthAnnual: atLeastZero(nisaLimits.annual.growth - annual.growth),
    growthLifetime: atLeastZero(growthLifetime),
    lifetime: atLeastZero(lifetime),
  };
}

/** Records a purchase (at order time, while pending) after `decideNisaPurchase` allowed it. */
export function recordNisaPurchase(usage: NisaUsage, purchase: NisaMovement): NisaUsage {
  assertMovement(purchase);
  return { ...usage, purchases: addTo(usage.purchases, purchase, 1n) };
}

/** Takes a cancelled order's hold back out: it was never bought, so it never used a limit. */
export function releaseNisaPurchase(usage: NisaUsage, purchase: NisaMovement): NisaUsage {
  assertMovement(purchase);
  if (nisaAnnualUse(usage, purchase.year)[purchase.bucket] < purchase.bookValue) {
    throw new NisaBookValueError(
      `No ${purchase.bookValue} yen ${purchase.bucket} purchase held in ${purchase.year}`,
    );
  }
  return { ...usage, purchases: addTo(usage.purchases, purchase, -1n) };
}

/** Records the book value a sale frees (see `nisaBookValueFreedBySale`), by the sale's 受渡日 year. */
export function recordNisaSale(usage: NisaUsage, sale: NisaMovement): NisaUsage {
  assertMovement(sale);
  if (nisaHeldBookValue(usage)[sale.bucket] < sale.bookValue) {
    throw new NisaBookValueError(
      `Cannot free ${sale.bookValue} yen: more than the ${sale.bucket} book value held`,
    );
  }
  return { ...usage, sales: addTo(usage.sales, sale, 1n) };
}

export interface NisaPosition {
  readonly units: Units;
  /** Book value of these units in one bucket. */
  readonly bookValue: Yen;
}

/**
 * Book value a sale frees: pro rata by units, ⌊book value × sold ÷ held⌋, rounded down so a partial
 * sale never frees more than was used; selling the last units frees all that is left, so a position
 * sold off in pieces frees exactly its whole book value.
 */
export function nisaBookValueFreedBySale(position: NisaPosition, soldUnits: Units): Yen {
  if (soldUnits <= 0n || soldUnits > position.units) {
    throw new RangeError(`Sold units must be in (0, ${position.units}], got ${soldUnits}`);
  }
  return bookValueOfUnits(position, soldUnits);
}
