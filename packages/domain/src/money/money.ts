import { DomainError } from '../errors/domain-error.ts';

/**
 * Whole-number quantities of the fund business, all `bigint`: `units × NAV` passes 2^53 for large
 * holdings (1e12 units × 30,000 yen), so no money value is ever a JavaScript `number` (domain.md §1).
 * The brands stop a unit count from being passed where yen are expected; values are made only through
 * the validating constructors below or the rules of this package.
 */
declare const yenBrand: unique symbol;
declare const unitsBrand: unique symbol;
declare const navBrand: unique symbol;

/** Whole yen (円). Signed: gains, losses and tax refunds can be negative; order amounts are checked ≥ 0. */
export type Yen = bigint & { readonly [yenBrand]: true };
/** Whole fund units (口), never negative. */
export type Units = bigint & { readonly [unitsBrand]: true };
/**
 * A price in whole yen per 10,000 units, always positive: 基準価額 (NAV), 解約価額 and 個別元本 are all
 * quoted this way.
 */
export type NavPer10k = bigint & { readonly [navBrand]: true };

/** Prices are quoted per this many units (1万口あたり). */
export const unitsPerQuote = 10_000n;

/** Why a value could not be read as a whole number. */
export type WholeNumberProblem =
  | 'malformed'
  | 'exponent-notation'
  | 'not-an-integer'
  | 'not-finite'
  | 'unsafe-number'
  | 'negative'
  | 'not-positive';

export type WholeNumberResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: WholeNumberProblem };

export class InvalidWholeNumberError extends DomainError {
  override readonly name = 'InvalidWholeNumberError';
  readonly code = 'invalid-whole-number';

  readonly quantity: string;
  readonly problem: WholeNumberProblem;
  readonly input: unknown;

  constructor(quantity: string, problem: WholeNumberProblem, input: unknown) {
    super(`Invalid ${quantity} (${problem}): ${String(input)}`);
    this.quantity = quantity;
    this.problem = problem;
    this.input = input;
  }
}

type Sign = 'any' | 'non-negative' | 'positive';

const canonicalInteger = /^-?(?:0|[1-9][0-9]*)$/;
const exponentNotation = /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)[eE][-+]?[0-9]+$/;
const decimalFraction = /^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)$/;

/**
 * Strings must be plain decimal integers (`"5000"`, `"-120"`): no sign `+`, no spaces, no leading zeros,
 * no separators, no exponent and no fraction, so that `"1e3"` or `"1000.0"` from a form or a float that
 * slipped into JSON is refused rather than silently read. Numbers must be safe integers: above 2^53 a
 * `number` may already have lost digits, so large values must arrive as strings or `bigint`.
 */
function parseWholeNumber(input: unknown, sign: Sign): WholeNumberResult<bigint> {
  let value: bigint;
  if (typeof input === 'bigint') {
    value = input;
  } else if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, problem: 'not-finite' };
    if (!Number.isInteger(input)) return { ok: false, problem: 'not-an-integer' };
    if (!Number.isSafeInteger(input)) return { ok: false, problem: 'unsafe-number' };
    value = BigInt(input);
  } else if (typeof input === 'string') {
    if (exponentNotation.test(input)) return { ok: false, problem: 'exponent-notation' };
    if (decimalFraction.test(input)) return { ok: false, problem: 'not-an-integer' };
    if (!canonicalInteger.test(input)) return { ok: false, problem: 'malformed' };
    value = BigInt(input);
  } else {
    return { ok: false, problem: 'malformed' };
  }
  if (sign !== 'any' && value < 0n) return { ok: false, problem: 'negative' };
  if (sign === 'positive' && value === 0n) return { ok: false, problem: 'not-positive' };
  return { ok: true, value };
}

function unwrap<T>(result: WholeNumberResult<T>, quantity: string, input: unknown): T {
  if (!result.ok) throw new InvalidWholeNumberError(quantity, result.problem, input);
  return result.value;
}

export interface ParseYenOptions {
  /** Allow amounts below zero (gains and losses, refunds). Defaults to false: an amount to pay or buy. */
  readonly allowNegative?: boolean;
}

export function parseYen(input: unknown, options: ParseYenOptions = {}): WholeNumberResult<Yen> {
  return parseWholeNumber(
    input,
    options.allowNegative === true ? 'any' : 'non-negative',
  ) as WholeNumberResult<Yen>;
}

export function parseUnits(input: unknown): WholeNumberResult<Units> {
  return parseWholeNumber(input, 'non-negative') as WholeNumberResult<Units>;
}

export function parseNavPer10k(input: unknown): WholeNumberResult<NavPer10k> {
  return parseWholeNumber(input, 'positive') as WholeNumberResult<NavPer10k>;
}

/** A non-negative yen amount; throws `InvalidWholeNumberError` otherwise. */
export function yen(input: bigint | number | string): Yen {
  return unwrap(parseYen(input), 'yen amount', input);
}

/** A yen amount that may be negative (a gain or loss, a refund). */
export function signedYen(input: bigint | number | string): Yen {
  return unwrap(parseYen(input, { allowNegative: true }), 'yen amount', input);
}

export function units(input: bigint | number | string): Units {
  return unwrap(parseUnits(input), 'unit count', input);
}

export function navPer10k(input: bigint | number | string): NavPer10k {
  return unwrap(parseNavPer10k(input), 'price per 10,000 units', input);
}

export function minYen(a: Yen, b: Yen): Yen {
  return a < b ? a : b;
}

export function maxYen(a: Yen, b: Yen): Yen {
  return a > b ? a : b;
}

export function sumYen(amounts: Iterable<Yen>): Yen {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total as Yen;
}
