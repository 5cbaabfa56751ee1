import { describe, expect, it } from 'vitest';
import { AppError, MaintenanceError, NotFoundError, ValidationError } from './app-error.ts';
import { internalErrorMessage, toErrorResponse } from './error-response.ts';

describe('toErrorResponse', () => {
  it('answers anything that is not an Error (a thrown string) as an unexpected 500', () => {
    expect(toErrorResponse('database exploded')).toEqual({
      statusCode: 500,
      body: { code: '500-000', message: internalErrorMessage },
      unexpected: true,
    });
  });

  it('hides the message of an AppError marked not exposable', () => {
    const response = toErrorResponse(new NotFoundError('customer 123 not in branch 045', { expose: false }));
    expect(response).toEqual({
      statusCode: 404,
      body: { code: '404-000', message: 'お探しの情報が見つかりません。' },
      unexpected: false,
    });
  });

  it('treats a 5xx AppError as unexpected unless it is exposable', () => {
    expect(toErrorResponse(new AppError('500-000', 'ledger mismatch'))).toEqual({
      statusCode: 500,
      body: { code: '500-000', message: internalErrorMessage },
      unexpected: true,
    });
    expect(toErrorResponse(new MaintenanceError())).toEqual({
      statusCode: 503,
      body: { code: '503-000', message: '現在メンテナンス中です' },
      unexpected: false,
    });
  });

  it('gives an unlisted client error status its own code', () => {
    const teapot = Object.assign(new Error("I'm a teapot"), { statusCode: 418 });
    expect(toErrorResponse(teapot).body.code).toBe('418-000');
    expect(toErrorResponse(teapot).body.message).not.toContain('teapot');
  });

  it('does not trust a library error that claims a 5xx status', () => {
    const upstream = Object.assign(new Error('upstream said: secret'), { statusCode: 502 });
    expect(toErrorResponse(upstream)).toMatchObject({ statusCode: 500, unexpected: true });
  });

  it('answers a refused request with the customer’s sentences, no internal path, and a list per field', () => {
    const error = new ValidationError([
      { location: 'body', field: 'amount', message: '金額を入力してください。' },
      { location: 'querystring', field: 'page', message: 'ページは1以上で入力してください' },
    ]);
    expect(toErrorResponse(error).body).toEqual({
      code: '400-000',
      message: '金額を入力してください。ページは1以上で入力してください。',
      fields: [
        { field: 'amount', message: '金額を入力してください。' },
        { field: 'page', message: 'ページは1以上で入力してください。' },
      ],
    });
  });
});
