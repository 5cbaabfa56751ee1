import { CardLinkErrorCode, ErrorCode, SaisonConnectErrorCode } from '@fund/contracts';
import { AppError } from '../../errors/app-error.ts';

const tryAgain = 'お手数ですが、もう一度カードの登録をお試しください。';

/** 400-100 of GET creditCard (spec §8 pass-through): no card is linked. */
export class NoLinkedCardError extends AppError {
  override readonly name = 'NoLinkedCardError';

  constructor() {
    super(SaisonConnectErrorCode.noCreditCard, 'クレジットカードが登録されていません。');
  }
}

/** 400-110: the issuer did not accept the authorization code. */
export class CardAuthorizationRefusedError extends AppError {
  override readonly name = 'CardAuthorizationRefusedError';

  constructor() {
    super(CardLinkErrorCode.authorizationRefused, `カード会社での認証を確認できませんでした。${tryAgain}`);
  }
}

/** 400-111: the issuer's multi-factor step is not done for this onetime token (or it is not the customer's). */
export class CardMfaNotCompletedError extends AppError {
  override readonly name = 'CardMfaNotCompletedError';

  constructor() {
    super(CardLinkErrorCode.mfaNotCompleted, `カード会社での本人認証が完了していません。${tryAgain}`);
  }
}

/** 400-666 of GET accountTransfer/account (spec §8 pass-through): no 口座振替 account is registered. */
export class NoAccountTransferAccountError extends AppError {
  override readonly name = 'NoAccountTransferAccountError';

  constructor() {
    super(ErrorCode.notApplicableToAccount, '口座振替の口座が登録されていません。');
  }
}
