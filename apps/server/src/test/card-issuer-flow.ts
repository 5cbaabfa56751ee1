import { CardIssuerPath, cardIssuerClientId, CardLinkCallbackPath } from '@fund/contracts/paths';
import type { App } from '../app.ts';

/** The simulated customer's answers at the card issuer, through its pages, as a browser would post them. */

function form(fields: Record<string, string>) {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  };
}

export function authorizeRedirectUri(app: App): string {
  return new URL(CardLinkCallbackPath.authorize, app.config.publicOrigin).href;
}

export function mfaRedirectUri(app: App): string {
  return new URL(CardLinkCallbackPath.mfa, app.config.publicOrigin).href;
}

export function authorizeFields(app: App, state = 'state-1'): Record<string, string> {
  return {
    client_id: cardIssuerClientId,
    response_type: 'code',
    scope: 'openid',
    state,
    redirect_uri: authorizeRedirectUri(app),
  };
}

/** Posts a choice on the authorize screen; answers the query the issuer returns to /saisonConnect with. */
export async function answerAuthorize(
  app: App,
  action: 'points-card' | 'non-points-card' | 'refuse' | 'maintenance' | 'end-maintenance',
  state = 'state-1',
): Promise<{ status: number; query: URLSearchParams; location: string | undefined }> {
  const response = await app.inject({
    method: 'POST',
    url: CardIssuerPath.authorize,
    ...form({ ...authorizeFields(app, state), action }),
  });
  const location = response.headers.location as string | undefined;
  return {
    status: response.statusCode,
    location,
    query: new URL(location ?? 'http://invalid/').searchParams,
  };
}

/** The authorization code of a link the customer allowed. */
export async function authorizationCode(app: App, card: 'points-card' | 'non-points-card' = 'points-card') {
  const { query } = await answerAuthorize(app, card);
  const code = query.get('code');
  if (code === null) throw new Error('the simulator returned no code');
  return code;
}

/** Posts the customer's answer on the multi-factor screen. */
export async function answerMfa(
  app: App,
  onetimeToken: string,
  action: 'success' | 'fail',
  state = 'mfa-state',
) {
  return app.inject({
    method: 'POST',
    url: CardIssuerPath.mfa,
    ...form({ onetime_token: onetimeToken, state, redirect_uri: mfaRedirectUri(app), action }),
  });
}

export async function setCardServiceMaintenance(app: App, on: boolean): Promise<void> {
  await answerAuthorize(app, on ? 'maintenance' : 'end-maintenance');
}
