import { CardLinkCallbackPath } from '@fund/contracts/paths';
import { encodeBase64UrlBytes } from '../../lib/auth/base64url';
import { readItem, removeItem, session, STORAGE_PREFIX, writeItem } from '../../lib/auth/storage-keys';
import { env } from '../../config/env';

/**
 * The card link's round trips to the card issuer (decision 018), checked like the sign-in's (spec §5): a
 * random state kept in this tab's session storage goes to the issuer, and a return is accepted only with
 * the same state, once. The multi-factor step's state is kept with its onetime token, which the app needs
 * again to register the card.
 */
const authorizeKey = `${STORAGE_PREFIX}cardLink.authorizeState`;
const mfaKey = `${STORAGE_PREFIX}cardLink.mfa`;

function randomState(): string {
  return encodeBase64UrlBytes(crypto.getRandomValues(new Uint8Array(32)));
}

export function callbackUri(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** Starts a link: keeps a new state and answers the issuer's authorize screen to send the customer to. */
export function startAuthorize(): string {
  const state = randomState();
  writeItem(session, authorizeKey, state);
  const url = new URL(env.cardIssuerAuthorizeUrl);
  url.searchParams.set('client_id', env.cardIssuerClientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid');
  url.searchParams.set('state', state);
  url.searchParams.set('redirect_uri', callbackUri(CardLinkCallbackPath.authorize));
  return url.href;
}

/** Whether a return to /saisonConnect carries the state this tab sent; the kept state is used up. */
export function takeAuthorizeState(returned: string | null): boolean {
  const kept = readItem(session, authorizeKey);
  removeItem(session, authorizeKey);
  return kept !== null && returned !== null && kept === returned;
}

/** The multi-factor step: keeps a new state with the onetime token; answers the issuer's MFA screen. */
export function startMfa(onetimeToken: string): string {
  const state = randomState();
  writeItem(session, mfaKey, JSON.stringify({ state, onetimeToken }));
  const url = new URL(env.cardIssuerMfaUrl);
  url.searchParams.set('onetime_token', onetimeToken);
  url.searchParams.set('state', state);
  url.searchParams.set('redirect_uri', callbackUri(CardLinkCallbackPath.mfa));
  return url.href;
}

/** The onetime token of the MFA step when the return carries its state; null otherwise. Used up. */
export function takeMfaState(returned: string | null): string | null {
  const kept = readItem(session, mfaKey);
  removeItem(session, mfaKey);
  if (kept === null || returned === null) return null;
  try {
    const { state, onetimeToken } = JSON.parse(kept) as { state?: unknown; onetimeToken?: unknown };
    return state === returned && typeof onetimeToken === 'string' ? onetimeToken : null;
  } catch {
    return null;
  }
}

/** Why a link ended on /saisonConnect/error (its `reason` query). */
export type CardLinkFailure = 'state' | 'refused' | 'maintenance' | 'failed';

export function errorPath(reason: CardLinkFailure): string {
  return `${CardLinkCallbackPath.error}?reason=${reason}`;
}
