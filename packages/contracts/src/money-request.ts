import { z } from 'zod';

// Money and units in requests: one schema for every call that takes them (orders, estimates, 積立,
// 定期売却, 毎月の入金), so a client sends the same value the same way everywhere (issue 13 point 8).
// Accepted: a positive whole number as a JSON number (a safe integer, no fraction) or as a decimal string
// of digits (`"1000000"`, the only way above 2^53). Refused with 400: fractions (`1000.5`, `"1000.5"`),
// exponents (`"1e6"`), signs, leading zeros, zero, and values above the call's limit. Answers always
// carry decimal strings.

const digits = /^[1-9][0-9]*$/;

/** Whether a value that passed the shape checks is at most `max` (never throws on a malformed one). */
function atMost(value: number | string, max: bigint): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && BigInt(value) <= max;
  return digits.test(value) && BigInt(value) <= max;
}

/** A positive whole number of at most `max`; `what` names the field in the Japanese messages (金額, 口数). */
export function positiveWholeNumberSchema(max: bigint, what: string) {
  return z
    .union([
      z.number().int(`${what}は整数で入力してください`).positive(`${what}は1以上で入力してください`),
      z
        .string()
        .max(20)
        .regex(/^[0-9]+$/, `${what}は半角数字（整数）で入力してください`)
        // "0" is digits: say what is wrong with it, not that it is not a number (issue 25)
        .refine((value) => !/^0+$/.test(value), `${what}は1以上で入力してください`)
        .refine((value) => digits.test(value), `${what}は先頭に0を付けずに入力してください`),
    ])
    .refine((value) => atMost(value, max), {
      message: `${what}は${max.toString()}以下の整数で入力してください`,
    });
}
