import { encodeBase64UrlText } from '../base64url';

/** An unsigned JWT with the given payload: the browser only decodes access tokens, it never verifies them. */
export function fakeJwt(payload: Record<string, unknown>): string {
  return [
    encodeBase64UrlText(JSON.stringify({ alg: 'ES256', typ: 'at+jwt' })),
    encodeBase64UrlText(JSON.stringify(payload)),
    'signature',
  ].join('.');
}

/** An access token for `username` that expires `secondsFromNow` from now (negative: already expired). */
export function fakeAccessToken(secondsFromNow: number, username = '1234567'): string {
  return fakeJwt({ username, exp: Math.floor(Date.now() / 1000) + secondsFromNow });
}
