import { describe, expect, it } from 'vitest';
import { encodeBase64UrlText } from './base64url';
import { pathWithoutSignInParams, safeReturnPath } from './return-path';
import { createSignInState, readSignInStateExtra, returnPathOfState } from './sign-in-state';

describe('the sign-in state (spec §3)', () => {
  it('is a random prefix, a dot and base64url JSON of the extra data', () => {
    const state = createSignInState({ returnTo: '/trading?x=1#top' });
    const [prefix, extra, ...rest] = state.split('.');
    expect(rest).toEqual([]);
    expect(prefix).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(atob(extra!.replace(/-/g, '+').replace(/_/g, '/')))).toEqual({
      returnTo: '/trading?x=1#top',
    });
  });

  it('carries the return path there and back (round trip of the extra data)', () => {
    const returnTo = '/trading/buy/AB12/input?amount=10000&名前=値#section';
    expect(readSignInStateExtra(createSignInState({ returnTo }))).toEqual({ returnTo });
    expect(returnPathOfState(createSignInState({ returnTo }))).toBe(
      new URL(returnTo, window.location.origin).pathname +
        new URL(returnTo, window.location.origin).search +
        '#section',
    );
  });

  it('has a different random prefix every time for the same extra data', () => {
    expect(createSignInState({ returnTo: '/' })).not.toBe(createSignInState({ returnTo: '/' }));
  });

  it('reads no extra data from a state without any, or with garbage after the dot', () => {
    expect(readSignInStateExtra('abc')).toBeNull();
    expect(readSignInStateExtra('abc.!!!')).toBeNull();
    expect(readSignInStateExtra(`abc.${encodeBase64UrlText('not json')}`)).toBeNull();
    expect(readSignInStateExtra(`abc.${encodeBase64UrlText('{"returnTo":5}')}`)).toBeNull();
    expect(returnPathOfState('abc')).toBe('/');
  });

  it('returns only to same-origin paths starting with a single slash', () => {
    const stateFor = (returnTo: string) => `p.${encodeBase64UrlText(JSON.stringify({ returnTo }))}`;
    expect(returnPathOfState(stateFor('//evil.example/x'))).toBe('/');
    expect(returnPathOfState(stateFor('/\\evil.example/x'))).toBe('/');
    expect(returnPathOfState(stateFor('https://evil.example/'))).toBe('/');
    expect(returnPathOfState(stateFor('javascript:alert(1)'))).toBe('/');
    expect(returnPathOfState(stateFor('/\t/evil.example/'))).toBe('/');
    expect(returnPathOfState(stateFor('/assets'))).toBe('/assets');
  });
});

describe('return paths', () => {
  it('keeps path, query and hash of a same-origin path', () => {
    expect(safeReturnPath('/cashflows?page=2#list')).toBe('/cashflows?page=2#list');
  });

  it('drops the sign-in return parameters but keeps the others', () => {
    const url = new URL('https://app.example/assets?code=c&state=s&iss=i&device_id=d&tab=nisa#x');
    expect(pathWithoutSignInParams(url)).toBe('/assets?tab=nisa#x');
  });

  it('keeps code and state on /saisonConnect, where they belong to the card issuer', () => {
    const url = new URL('https://app.example/saisonConnect?code=c&state=s');
    expect(pathWithoutSignInParams(url)).toBe('/saisonConnect?code=c&state=s');
  });
});
