/**
 * The linked card's state with the issuer (the contracts' CreditCardState and the database's enum take
 * these values) and what it allows for points (spec §8, decision 018).
 */
export const linkedCardStateTypeValues = [
  'ACTIVE',
  'RE_REGISTRATION_REQUIRED',
  'NOT_POINTS_CARD',
  'EXPIRED',
] as const;
export type LinkedCardStateType = (typeof linkedCardStateTypeValues)[number];

/** The point call's refusals that follow from the card (400-503, the issuer's maintenance, does not). */
export type PointCardRefusal = '400-100' | '400-101' | '400-102' | '400-103';

/** The card's state as of `today` (JST YYYY-MM-DD): past its 有効期限 month it is EXPIRED whatever the issuer said. */
export function cardStateOn(
  card: { readonly state: LinkedCardStateType; readonly expiry: string },
  today: string,
): LinkedCardStateType {
  return card.expiry < today.slice(0, 7) ? 'EXPIRED' : card.state;
}

/**
 * Why points cannot be used with this card (undefined: they can): 400-100 no card; 400-101 the issuer asks
 * for the card to be registered again; 400-103 the card has expired (registered again too, the second
 * reason); 400-102 a card that earns no points.
 */
export function pointRefusalOf(
  card: { readonly state: LinkedCardStateType; readonly expiry: string } | undefined,
  today: string,
): PointCardRefusal | undefined {
  if (card === undefined) return '400-100';
  switch (cardStateOn(card, today)) {
    case 'ACTIVE':
      return undefined;
    case 'RE_REGISTRATION_REQUIRED':
      return '400-101';
    case 'EXPIRED':
      return '400-103';
    case 'NOT_POINTS_CARD':
      return '400-102';
  }
}

/** Whether card 積立 charges earn points with this card: a points card that has not expired. */
export function cardEarnsPoints(
  card: { readonly state: LinkedCardStateType; readonly expiry: string },
  today: string,
): boolean {
  const state = cardStateOn(card, today);
  return state === 'ACTIVE' || state === 'RE_REGISTRATION_REQUIRED';
}

/** Why a card 積立 charge cannot be made on `debitDate` (undefined: it can). */
export type CardChargeRefusal = 'NO_CARD' | 'CARD_EXPIRED';

/**
 * A card 積立 is charged to the linked card: without one, or with one past its 有効期限 on the debit date,
 * the charge fails (the pre-debit check has told the customer beforehand, decision 023). A card the
 * issuer asks to register again, or one without points, is still charged: those states are the points
 * service's.
 */
export function cardChargeRefusal(
  card: { readonly state: LinkedCardStateType; readonly expiry: string } | undefined,
  debitDate: string,
): CardChargeRefusal | undefined {
  if (card === undefined) return 'NO_CARD';
  return cardStateOn(card, debitDate) === 'EXPIRED' ? 'CARD_EXPIRED' : undefined;
}
