import type { AuthorizationTokenResponse, CreditCard } from '@fund/contracts';
import { SaisonConnectPath } from '@fund/contracts/paths';
import { http, HttpResponse } from 'msw';

/** The card link calls answering as for a customer who completes the issuer's MFA (decision 018). */
export const linkedCardFixture = {
  creditCard: {
    cardName: 'セゾンカードインターナショナル',
    last4: '4021',
    expiry: '2031-08',
    pointsEarning: true,
    state: 'ACTIVE',
    linkedOn: '2026-11-25',
  },
} satisfies CreditCard;

export const cardLinkHandlers = [
  http.post(SaisonConnectPath.authorizationToken, () =>
    HttpResponse.json({
      mfaRequired: true,
      onetimeToken: 'onetime-token-1',
    } satisfies AuthorizationTokenResponse),
  ),
  http.put(SaisonConnectPath.creditCard, () => HttpResponse.json(linkedCardFixture)),
];
