import { encodeBase64UrlBytes } from './base64url';

/** RFC 7636 §4.1: the characters a code verifier is made of ("unreserved", RFC 3986 §2.3). */
export const UNRESERVED_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** Spec §5, §9: the verifier is 64 random characters. */
export const CODE_VERIFIER_LENGTH = 64;

/**
 * A random code verifier of `length` unreserved characters. 256 is not a multiple of the 66 characters, so
 * random bytes from 198 up are dropped (rejection sampling); every character is then equally likely.
 */
export function createCodeVerifier(length: number = CODE_VERIFIER_LENGTH): string {
  const alphabet = UNRESERVED_CHARACTERS.length;
  const limit = 256 - (256 % alphabet);
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte >= limit) continue;
      verifier += UNRESERVED_CHARACTERS[byte % alphabet];
      if (verifier.length === length) break;
    }
  }
  return verifier;
}

/** The S256 code challenge (RFC 7636 §4.2): BASE64URL(SHA-256(ASCII(verifier))). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return encodeBase64UrlBytes(new Uint8Array(digest));
}
