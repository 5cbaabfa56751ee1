import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';

/** What the second step's forms and passkey.js post; every field optional so a page answers, not a 400. */

/** The route of the second step's forms (the pages' `secondFactorPaths` with `:uid`). */
export const secondFactorRoute = '/auth/v1/interaction/:uid/second-factor';

export const uidParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export const codeBody = z.object({ code: z.string().max(64).optional() });
export const selectBody = z.object({ method: z.string().max(32).optional() });
export const credentialBody = z.object({ credential: z.string().max(16_384).optional() });

/** The assertion passkey.js posts (WebAuthn AuthenticationResponseJSON); checked in depth by the service. */
const assertionSchema = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().max(8192),
    authenticatorData: z.string().max(8192),
    // post-quantum ML-DSA signatures (ML-DSA-87: 4,627 bytes) are far longer than ECDSA ones
    signature: z.string().max(8192),
    userHandle: z.string().max(1024).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export function parseAssertion(value: string | undefined): AuthenticationResponseJSON | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    const parsed = assertionSchema.safeParse(JSON.parse(value));
    return parsed.success ? (parsed.data as AuthenticationResponseJSON) : undefined;
  } catch {
    return undefined;
  }
}
