import { TradingErrorCode } from '@fund/contracts';
import { ApiError, NetworkError } from '../../../lib/api/api-client';

/** Where a refusal of the sell (or its estimate) is shown: at the figure the customer typed, or the form. */
export interface SellRefusal {
  readonly field: 'figure' | 'form';
  readonly message: string;
}

const fallback =
  'ご注文を受け付けられませんでした。しばらく時間をおいて再度お試しください。解消されない場合はお客さま窓口までお問合せください。';

/**
 * The server's Japanese message, at the figure for 400-206 (口数不足) and 400-207 (too small to sell a
 * unit), on the form for the account's state (400-208, 400-215, 400-100 …); a network error keeps the
 * intent's key, so the customer may send the same order again.
 */
export function sellRefusalOf(error: unknown): SellRefusal {
  if (error instanceof NetworkError)
    return {
      field: 'form',
      message:
        '通信できませんでした。通信状況をご確認のうえ、もう一度お試しください。同じご注文として扱われ、二重に注文されることはありません。',
    };
  if (!(error instanceof ApiError)) return { field: 'form', message: fallback };
  const message = error.detail === '' ? fallback : error.detail;
  if (error.code === TradingErrorCode.insufficientUnits || error.code === TradingErrorCode.orderTooSmall)
    return { field: 'figure', message };
  if (error.code === TradingErrorCode.idempotencyInProgress)
    return {
      field: 'form',
      message: 'ただいまご注文を処理しています。しばらくしてから、もう一度「売却する」を押してください。',
    };
  return { field: 'form', message };
}
