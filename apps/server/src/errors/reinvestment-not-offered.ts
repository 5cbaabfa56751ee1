import { TradingErrorCode } from '@fund/contracts';
import { AppError } from './app-error.ts';

/**
 * 400-217: 再投資 asked of a fund that offers only 受取, by a buy, a new 積立 or a holding's course change;
 * one wording wherever it is refused.
 */
export function reinvestmentNotOffered(): AppError {
  return new AppError(
    TradingErrorCode.reinvestmentNotOffered,
    'このファンドは分配金の再投資コースを取り扱っていません。受取コースをお選びください。',
  );
}
