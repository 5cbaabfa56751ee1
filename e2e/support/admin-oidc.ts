// What the admin build will do to sign an operator in (spec §4): the same PKCE request as the customer
// web app, against the operators' own provider under /oidc-admin with the client `fund-admin`.
import { createHash, randomBytes } from 'node:crypto';
import type { AuthorizationRequest } from './oidc.ts';

export const adminClientId = 'fund-admin';
export const adminScope = 'openid offline admin';

export function adminAuthorizationRequest(
  baseUrl: string,
  extra: Record<string, string> = {},
): AuthorizationRequest {
  const verifier = randomBytes(48).toString('base64url'); // 64 characters
  const state = randomBytes(16).toString('base64url');
  const redirectUri = `${baseUrl}/admin/`;
  const query = new URLSearchParams({
    client_id: adminClientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: adminScope,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    prompt: 'login',
    ...extra,
  });
  return { url: `${baseUrl}/oidc-admin/auth?${query.toString()}`, state, verifier, redirectUri };
}

export async function exchangeAdminCode(baseUrl: string, request: AuthorizationRequest, code: string) {
  const response = await fetch(`${baseUrl}/oidc-admin/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: adminClientId,
      code,
      redirect_uri: request.redirectUri,
      code_verifier: request.verifier,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
