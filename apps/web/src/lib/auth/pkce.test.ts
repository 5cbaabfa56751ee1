import { describe, expect, it } from 'vitest';
import { CODE_VERIFIER_LENGTH, codeChallengeS256, createCodeVerifier, UNRESERVED_CHARACTERS } from './pkce';

describe('PKCE (spec §5, RFC 7636)', () => {
  it('makes a code verifier of exactly 64 characters', () => {
    expect(CODE_VERIFIER_LENGTH).toBe(64);
    for (let i = 0; i < 50; i += 1) expect(createCodeVerifier()).toHaveLength(64);
  });

  it('makes the verifier from unreserved characters only', () => {
    expect(UNRESERVED_CHARACTERS).toHaveLength(66);
    const verifiers = Array.from({ length: 50 }, () => createCodeVerifier()).join('');
    expect(verifiers).toMatch(/^[A-Za-z0-9\-._~]+$/);
  });

  it('makes a different verifier every time', () => {
    const verifiers = new Set(Array.from({ length: 100 }, () => createCodeVerifier()));
    expect(verifiers.size).toBe(100);
  });

  it('computes the S256 challenge of RFC 7636 Appendix B', async () => {
    await expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('gives a 43-character base64url challenge for a 64-character verifier', async () => {
    await expect(codeChallengeS256(createCodeVerifier())).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
