import { CardLinkErrorCode, SaisonConnectErrorCode } from '@fund/contracts';
import type { PointCardRefusal } from '@fund/domain';
import { AppError } from './app-error.ts';

// The card issuer's refusals (spec §8, decision 018), shared by the point call, the link calls and the
// buy with points.

/** 400-100 of the point call: points come with a credit card, and none is set. */
export class NoCreditCardError extends AppError {
  override readonly name = 'NoCreditCardError';

  constructor() {
    super(
      SaisonConnectErrorCode.noCreditCard,
      'クレジットカードが登録されていません。ポイントをご利用いただくには、クレジットカードを登録してください。',
    );
  }
}

/** 400-101 and 400-103: the card must be registered again before points can be used. */
export class CardReRegistrationRequiredError extends AppError {
  override readonly name = 'CardReRegistrationRequiredError';

  constructor(code: '400-101' | '400-103') {
    super(
      code,
      'スポット購入でポイントをご利用いただくには、ポイント対象のクレジットカードの再登録が必要です。再登録されたカードが積立のお支払い方法になります。',
    );
  }
}

/** 400-102: the card on file earns no points, so none can be used. */
export class PointsCardRequiredError extends AppError {
  override readonly name = 'PointsCardRequiredError';

  constructor() {
    super(
      SaisonConnectErrorCode.pointsCardRequired,
      'ご登録のクレジットカードはポイントの対象外です。ポイントをご利用いただくには、ポイント対象のカードが必要です。',
    );
  }
}

/** The error of a card refusal (`pointRefusalOf` of @fund/domain). */
export function pointRefusalError(code: PointCardRefusal): AppError {
  switch (code) {
    case '400-100':
      return new NoCreditCardError();
    case '400-101':
    case '400-103':
      return new CardReRegistrationRequiredError(code);
    case '400-102':
      return new PointsCardRequiredError();
  }
}

/** 400-503: the card issuer's service is under maintenance (the point call and the link calls alike). */
export class CardServiceUnavailableError extends AppError {
  override readonly name = 'CardServiceUnavailableError';

  constructor() {
    super(
      CardLinkErrorCode.cardServiceUnavailable,
      'カード会社のサービスがメンテナンス中のため、ただいまご利用いただけません。しばらく時間をおいて再度お試しください。',
    );
  }
}
