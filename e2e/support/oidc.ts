// What the SPA will do to start a sign-in (spec §4, §5): a 64-character verifier, its S256 challenge,
// and a state to compare on return. Kept here so the browser tests drive the real identity pages now.
import { createHash, randomBytes } from 'node:crypto';

export interface AuthorizationRequest {
  readonly url: string;
  readonly state: string;
  readonly verifier: string;
  readonly redirectUri: string;
}

export function authorizationRequest(
  baseUrl: string,
  extra: Record<string, string> = {},
): AuthorizationRequest {
  const verifier = randomBytes(48).toString('base64url'); // 64 characters
  const state = randomBytes(16).toString('base64url');
  const redirectUri = `${baseUrl}/`;
  const query = new URLSearchParams({
    client_id: 'fund-web',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid offline user.write',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    prompt: 'login',
    ...extra,
  });
  return { url: `${baseUrl}/oidc/auth?${query.toString()}`, state, verifier, redirectUri };
}

export async function exchangeCode(baseUrl: string, request: AuthorizationRequest, code: string) {
  const response = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'fund-web',
      code,
      redirect_uri: request.redirectUri,
      code_verifier: request.verifier,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The claims of a JWT, unverified: the server already verified what it issued. */
export function claimsOf(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
