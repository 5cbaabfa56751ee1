/**
 * How money, units, prices and rates read on every screen, notice and document (web-screens.md g): a plain
 * number with thousands separators and 円 or 口 ("1,234,567円", never Intl's "￥1,234,567" nor a compact
 * "123万"), gains always with a sign. Values arrive as `bigint` or as the API's decimal strings; nothing
 * goes through a JavaScript `number`, so amounts above 2^53 keep every digit.
 */

/** A whole number as the API and the rules carry it. */
export type WholeNumber = bigint | string;

/** The minus sign of displayed figures (U+2212): screen readers read it as "minus", not "hyphen". */
export const minusSign = '−';

function toBigInt(value: WholeNumber): bigint {
  if (typeof value === 'bigint') return value;
  if (!/^-?(0|[1-9][0-9]*)$/.test(value)) throw new RangeError(`Not a whole number: ${value}`);
  return BigInt(value);
}

/** 1234567 → "1,234,567"; negative numbers carry the minus sign. */
export function groupDigits(value: WholeNumber): string {
  const number = toBigInt(value);
  const digits = (number < 0n ? -number : number).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return number < 0n ? `${minusSign}${digits}` : digits;
}

/** "+1,234" / "−1,234" / "0": a change is never shown without its direction. */
export function groupDigitsSigned(value: WholeNumber): string {
  const number = toBigInt(value);
  return number > 0n ? `+${groupDigits(number)}` : groupDigits(number);
}

/** 1,234,567円 */
export function formatYen(value: WholeNumber): string {
  return `${groupDigits(value)}円`;
}

/** +1,234円 / −1,234円 / 0円 (評価損益, 前日比) */
export function formatSignedYen(value: WholeNumber): string {
  return `${groupDigitsSigned(value)}円`;
}

/** 12,345口 */
export function formatUnits(value: WholeNumber): string {
  return `${groupDigits(value)}口`;
}

/** 基準価額 and 解約価額 are whole yen per 10,000 units: "12,345円" (the screen says 1万口あたり once). */
export function formatNavPer10k(value: WholeNumber): string {
  return formatYen(value);
}

/** Direction of a figure, for colour and for words ("値上がり"), never for colour alone. */
export function signOf(value: WholeNumber): 1 | 0 | -1 {
  const number = toBigInt(value);
  return number > 0n ? 1 : number < 0n ? -1 : 0;
}

/**
 * `numerator ÷ denominator` as a percentage with `decimals` places, rounded half away from zero in
 * integer arithmetic; `null` when the denominator is zero (no rate can be shown, e.g. 簿価 0).
 */
export function ratePercentString(
  numerator: WholeNumber,
  denominator: WholeNumber,
  decimals = 2,
): string | null {
  const n = toBigInt(numerator);
  const d = toBigInt(denominator);
  if (d === 0n) return null;
  const scale = 10n ** BigInt(decimals);
  const scaled = n * 100n * scale * 2n;
  const twice = scaled / d;
  const rounded = (twice + (twice >= 0n ? 1n : -1n)) / 2n;
  const negative = rounded < 0n;
  const magnitude = negative ? -rounded : rounded;
  const whole = magnitude / scale;
  const fraction = decimals > 0 ? `.${(magnitude % scale).toString().padStart(decimals, '0')}` : '';
  return `${negative ? minusSign : ''}${whole.toString()}${fraction}`;
}

/** 評価損益率 = 損益 ÷ 簿価, with its sign: "+8.23%", "−1.05%", "0.00%"; "−" when it cannot be computed. */
export function formatSignedRate(numerator: WholeNumber, denominator: WholeNumber, decimals = 2): string {
  const rate = ratePercentString(numerator, denominator, decimals);
  if (rate === null) return '−';
  const isZero = /^[0.]+$/.test(rate);
  return `${rate.startsWith(minusSign) || isZero ? '' : '+'}${rate}%`;
}

/** A share without a sign (NISA 利用率): "42.5%". */
export function formatRate(numerator: WholeNumber, denominator: WholeNumber, decimals = 1): string {
  const rate = ratePercentString(numerator, denominator, decimals);
  return rate === null ? '−' : `${rate}%`;
}

/** 1,545ポイント: the card issuer's points (domain.md §4), whole points. */
export function formatPoints(value: WholeNumber): string {
  return `${groupDigits(value)}ポイント`;
}
