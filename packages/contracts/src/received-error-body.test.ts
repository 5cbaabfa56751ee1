import { describe, expect, it } from 'vitest';
import { errorCodeOf, errorTextOf, readReceivedErrorBody } from './received-error-body.ts';

describe('error bodies received from any service (spec §3, §8)', () => {
  it('takes the code from type before code, and the text from detail before message', () => {
    const body = readReceivedErrorBody({
      type: '400-100',
      code: '400-000',
      detail: '詳細',
      message: 'メッセージ',
    });
    expect(body && errorCodeOf(body)).toBe('400-100');
    expect(body && errorTextOf(body)).toBe('詳細');
  });

  it('falls back to code and message, as our own server answers', () => {
    const body = readReceivedErrorBody({ code: '503-000', message: '現在メンテナンス中です' });
    expect(body && errorCodeOf(body)).toBe('503-000');
    expect(body && errorTextOf(body)).toBe('現在メンテナンス中です');
  });

  it('drops fields that are not strings', () => {
    expect(readReceivedErrorBody({ code: 503, message: ['x'], detail: 'ok' })).toEqual({ detail: 'ok' });
  });

  it.each([null, undefined, 'text', 42, ['400-000']])('is not an error body: %j', (value) => {
    expect(readReceivedErrorBody(value)).toBeUndefined();
  });
});
