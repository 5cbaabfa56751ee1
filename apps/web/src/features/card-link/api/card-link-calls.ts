import type { AuthorizationTokenResponse, CreditCard } from '@fund/contracts';
import { SaisonConnectPath } from '@fund/contracts/paths';
import { PassThrough } from '../../../lib/api/pass-through';
import { productApi } from '../../../lib/api/services';

/** `POST /v1/cashflows/saisonConnect/authorizationToken`: the issuer's code → the MFA step's onetime token. */
export function postAuthorizationToken(
  code: string,
  redirectUri: string,
): Promise<AuthorizationTokenResponse> {
  return productApi.post<AuthorizationTokenResponse>(SaisonConnectPath.authorizationToken, {
    body: { code, redirectUri },
    passThrough: PassThrough.postSaisonConnectAuthorizationToken,
  });
}

/** `PUT /v1/cashflows/creditCard`: registers the card the issuer verified in its MFA step. */
export function putCreditCard(onetimeToken: string): Promise<CreditCard> {
  return productApi.put<CreditCard>(SaisonConnectPath.creditCard, {
    body: { onetimeToken },
    passThrough: PassThrough.putCreditCard,
  });
}
