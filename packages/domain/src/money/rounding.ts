/**
 * Integer division with the rounding named at the call site. `BigInt` division truncates toward zero,
 * which is floor for positive quotients but ceil for negative ones; every money rule names its rounding
 * through these two helpers instead, so the choice is visible and holds for both signs.
 */

function assertPositiveDivisor(divisor: bigint): void {
  if (divisor <= 0n) throw new RangeError(`Divisor must be positive, got ${divisor}`);
}

/** ⌊dividend ÷ divisor⌋ for a positive divisor (切り捨て). */
export function divideFloor(dividend: bigint, divisor: bigint): bigint {
  assertPositiveDivisor(divisor);
  const quotient = dividend / divisor;
  return dividend % divisor < 0n ? quotient - 1n : quotient;
}

/** ⌈dividend ÷ divisor⌉ for a positive divisor (切り上げ). */
export function divideCeil(dividend: bigint, divisor: bigint): bigint {
  assertPositiveDivisor(divisor);
  const quotient = dividend / divisor;
  return dividend % divisor > 0n ? quotient + 1n : quotient;
}
