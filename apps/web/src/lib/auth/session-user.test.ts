import { beforeEach, describe, expect, it } from 'vitest';
import { fakeAccessToken } from './test/fake-jwt';
import { clearTokenSet, writeTokenSet } from './token-store';
import {
  clearSessionUser,
  readInquiryId,
  readSessionUser,
  writeSessionUser,
  type SessionUser,
} from './session-user';

const user: SessionUser = {
  name: '山田 太郎',
  branchCode: '001',
  accountNumber: '1234567',
  accountRole: 'ADULT',
};

beforeEach(() => sessionStorage.clear());

describe('session user data (spec §3)', () => {
  it('is kept in session storage and read back', () => {
    writeSessionUser(user);
    expect(readSessionUser()).toEqual(user);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(1);
  });

  it('keeps only name, branchCode, accountNumber and accountRole', () => {
    writeSessionUser({ ...user, email: 'x@example.jp' } as SessionUser);
    expect(Object.keys(JSON.parse(sessionStorage.getItem('fund.session.user')!))).toEqual([
      'name',
      'branchCode',
      'accountNumber',
      'accountRole',
    ]);
  });

  it('reads nothing when absent, damaged or with an unknown role', () => {
    expect(readSessionUser()).toBeNull();
    sessionStorage.setItem('fund.session.user', '{bad');
    expect(readSessionUser()).toBeNull();
    sessionStorage.setItem('fund.session.user', JSON.stringify({ ...user, accountRole: 'ADMIN' }));
    expect(readSessionUser()).toBeNull();
  });

  it('gives the token’s sign-in user name as the inquiry ID, never the customer’s personal name', () => {
    expect(readInquiryId()).toBeUndefined();
    writeSessionUser(user);
    expect(readInquiryId()).toBeUndefined();
    writeTokenSet({ access_token: fakeAccessToken(600, '1000001'), token_type: 'Bearer' });
    expect(readInquiryId()).toBe('1000001');
    clearTokenSet();
    clearSessionUser();
    expect(readInquiryId()).toBeUndefined();
  });
});
