import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customerIssueMessage, joinFieldMessages, labelOf } from './field-messages.ts';

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value, { error: customerIssueMessage });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('validation messages for customers (issue 13 point 11)', () => {
  const order = z.object({
    fundCode: z.string().min(1),
    amount: z.string().regex(/^\d+$/),
    units: z.number().max(10),
  });

  it('says 「金額を入力してください。」 for a missing amount, not 「body.amount: 無効な入力」', () => {
    expect(messagesOf(order.pick({ amount: true }), {})).toEqual(['金額を入力してください。']);
  });

  it('names each field as the screens do, in a sentence for the customer', () => {
    expect(messagesOf(order, { fundCode: '', amount: '1.5', units: 11 })).toEqual([
      'ファンドコードを入力してください。',
      '金額の形式が正しくありません。',
      '口数は10以下で入力してください。',
    ]);
    expect(messagesOf(z.object({ birthDate: z.iso.date() }), { birthDate: '1990/01/01' })).toEqual([
      '生年月日は「2026-04-01」の形式の日付で入力してください。',
    ]);
  });

  it('keeps a schema’s own message (written for customers) and ends every sentence with 。', () => {
    const schema = z.object({
      fundCode: z.string().regex(/^[0-9A-Z]{8}$/, 'ファンドコードは英大文字・数字 8 桁です'),
    });
    expect(messagesOf(schema, { fundCode: 'x' })).toEqual(['ファンドコードは英大文字・数字 8 桁です']);
    expect(joinFieldMessages(['ファンドコードは英大文字・数字 8 桁です', '金額を入力してください。'])).toBe(
      'ファンドコードは英大文字・数字 8 桁です。金額を入力してください。',
    );
  });

  it('labels a field inside a list by its own name, and a procedure’s ids as the procedure', () => {
    expect(labelOf(['plans', 0, 'amount'])).toBe('金額');
    expect(customerIssueMessage({ code: 'invalid_format', path: ['resetId'] })).toContain(
      'はじめからやり直してください',
    );
  });
});
