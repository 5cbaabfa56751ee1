import { describe, expect, it } from 'vitest';
import { errorBodySchema } from './error-body.ts';
import { ErrorCode, statusOfErrorCode } from './error-codes.ts';

describe('error codes', () => {
  it.each(Object.entries(ErrorCode))(
    '%s (%s) fits the error body and names a 4xx/5xx status',
    (_name, code) => {
      expect(errorBodySchema.safeParse({ code, message: 'x' }).success).toBe(true);
      expect(statusOfErrorCode(code)).toBe(Number(code.slice(0, 3)));
    },
  );

  it('answers 500 for a code that does not start with an error status', () => {
    expect(statusOfErrorCode('200-000')).toBe(500);
    expect(statusOfErrorCode('abc')).toBe(500);
  });
});
