import { describe, expect, it } from 'vitest';
import { isCardIssuerPath, isSignInReturn, SIGN_IN_FREE_PATHS, skipsSignInCheck } from './session-routes';

describe('pages that skip the sign-in check (spec §2)', () => {
  it.each(SIGN_IN_FREE_PATHS)('%s skips it', (path) => {
    expect(skipsSignInCheck(path)).toBe(true);
    expect(skipsSignInCheck(`${path}/`)).toBe(true);
  });

  it('lists exactly the six pages of spec §2', () => {
    expect([...SIGN_IN_FREE_PATHS].sort()).toEqual(
      [
        '/new',
        '/resetPassword',
        '/resetPassword/done',
        '/trading/monthlyDeposit',
        '/redirect/openAccount',
        '/redirect/resetPassword',
      ].sort(),
    );
  });

  it.each(['/', '/trading', '/trading/buy/AB12/input', '/newer', '/saisonConnect'])(
    '%s needs sign-in',
    (path) => {
      expect(skipsSignInCheck(path)).toBe(false);
    },
  );
});

describe('the return from sign-in', () => {
  it('is a page with a code in the query', () => {
    expect(isSignInReturn(new URL('https://app.example/?code=c&state=s'))).toBe(true);
    expect(isSignInReturn(new URL('https://app.example/assets?state=s'))).toBe(false);
  });

  it('never is a /saisonConnect page: its code and state belong to the card issuer', () => {
    expect(isCardIssuerPath('/saisonConnect')).toBe(true);
    expect(isCardIssuerPath('/saisonConnect/mfa')).toBe(true);
    expect(isSignInReturn(new URL('https://app.example/saisonConnect?code=c&state=s'))).toBe(false);
    expect(isSignInReturn(new URL('https://app.example/saisonConnect/mfa?code=c&state=s'))).toBe(false);
  });

  it('never is a page that skips the sign-in check', () => {
    expect(isSignInReturn(new URL('https://app.example/resetPassword?code=c&state=s'))).toBe(false);
  });
});
