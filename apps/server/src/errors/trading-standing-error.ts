import { ErrorCode, TradingErrorCode } from '@fund/contracts';
import type { TradingStandingRefusal } from '@fund/domain';
import { AppError } from './app-error.ts';

export const tradingStandingMessages: Record<TradingStandingRefusal, string> = {
  'account-locked': 'お取引が制限されています。お客さま窓口までお問い合わせください。',
  'account-closed': '口座が閉鎖されているため、お取引いただけません。',
  'account-not-opened': '口座開設のお手続きが完了していないため、お取引いただけません。',
};

const codes: Record<TradingStandingRefusal, ErrorCode | TradingErrorCode> = {
  'account-locked': ErrorCode.accountLocked,
  'account-closed': TradingErrorCode.accountClosed,
  'account-not-opened': TradingErrorCode.accountNotOpen,
};

/**
 * The refusal of anything that trades for a customer whose account state forbids it (domain
 * `tradingStandingRefusal`): 400-100 locked (the code the trading system answers for a locked account,
 * spec §8), 400-216 closed, 400-215 not opened. Orders, 積立, 定期売却 and 毎月の入金 answer the same.
 */
export function tradingStandingError(refusal: TradingStandingRefusal): AppError {
  return new AppError(codes[refusal], tradingStandingMessages[refusal]);
}
