import type {
  Accounts,
  AccountStatus,
  InformationBadge,
  UnmaskedUser,
  UpdateAccountRequests,
} from '@fund/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  displayName,
  isExcludedFromRootLoading,
  ROOT_LOADING_EXCLUDED_PATHS,
  runRootLoading,
  type RootLoadingCalls,
  type RootLoadingEffects,
} from './root-loading';

const hashedUserId = 'a'.repeat(64);

const open: AccountStatus = { status: { equity: 'OPEN' }, hashedUserId };
const badge = (unreadAll: number): InformationBadge => ({ data: { informations: { unreadAll } } });
const accounts: Accounts = { account: { branchCode: '123', customerCode: '1234567' } };
const user = (overrides: Partial<UnmaskedUser> = {}): UnmaskedUser => ({
  profile: { lastName: '山田', firstName: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' },
  accountRole: 'ADULT',
  lastConfirmedOn: '2026-01-10',
  hashedUserId,
  ...overrides,
});
const pending: UpdateAccountRequests = {
  updateAccountRequest: {
    id: '6f1d3c1e-2b7a-4b8e-9a55-0d1f2e3c4b5a',
    kind: 'ADDRESS',
    requestedAt: '2026-11-01T10:00:00+09:00',
  },
};

/** An ApiError-like rejection: the sequence only looks at `code`. */
const apiError = (code: string) => Object.assign(new Error(`API error ${code}`), { status: 400, code });

function fakeCalls(overrides: Partial<RootLoadingCalls> = {}): RootLoadingCalls {
  return {
    accountStatus: vi.fn(async () => open),
    tradingUserStatus: vi.fn(async () => ({ status: 'ACTIVE' as const })),
    informationBadge: vi.fn(async () => badge(2)),
    informationOthersBadge: vi.fn(async () => badge(3)),
    accounts: vi.fn(async () => accounts),
    unmaskedUser: vi.fn(async () => user()),
    updateAccountRequests: vi.fn(async () => ({ updateAccountRequest: null })),
    prefetchForLaterScreens: vi.fn(),
    ...overrides,
  };
}

function fakeEffects(overrides: Partial<RootLoadingEffects> = {}) {
  return {
    setBusy: vi.fn(),
    setAccountClosed: vi.fn(),
    setAccountLocked: vi.fn(),
    setUnreadInformationCount: vi.fn(),
    writeSessionUser: vi.fn(),
    navigateTo: vi.fn(() => true),
    currentUsername: () => '1234567',
    agencyBranchCode: () => undefined,
    today: () => '2026-11-21',
    ...overrides,
  } satisfies RootLoadingEffects;
}

afterEach(() => {
  window.localStorage.clear();
});

describe('root loading: account status', () => {
  it('CLOSE sets the closed state and stops loading: no further call', async () => {
    const calls = fakeCalls({
      accountStatus: vi.fn(async () => ({ ...open, status: { equity: 'CLOSE' as const } })),
    });
    const effects = fakeEffects();
    await expect(runRootLoading(calls, effects)).resolves.toEqual({ kind: 'closed' });
    expect(effects.setAccountClosed).toHaveBeenCalledWith(true);
    expect(calls.tradingUserStatus).not.toHaveBeenCalled();
    expect(calls.unmaskedUser).not.toHaveBeenCalled();
    expect(calls.prefetchForLaterScreens).not.toHaveBeenCalled();
    expect(vi.mocked(effects.setBusy).mock.calls).toEqual([[true], [false]]);
  });

  it('NONE goes at once to the account-opening site with username and hashed_user_id', async () => {
    const calls = fakeCalls({
      accountStatus: vi.fn(async () => ({ ...open, status: { equity: 'NONE' as const } })),
    });
    const effects = fakeEffects({ agencyBranchCode: () => '045' });
    await expect(runRootLoading(calls, effects)).resolves.toEqual({ kind: 'leaving' });
    const target = new URL(String(vi.mocked(effects.navigateTo).mock.calls[0]?.[0]));
    expect(`${target.origin}${target.pathname}`).toBe('http://localhost:3000/partners/account-opening');
    expect([...target.searchParams]).toEqual([
      ['username', '1234567'],
      ['hashed_user_id', hashedUserId],
      ['agencyBranchCode', '045'],
    ]);
    expect(calls.tradingUserStatus).not.toHaveBeenCalled();
    expect(calls.accounts).not.toHaveBeenCalled();
  });

  it('NONE omits the empty values from the account-opening query', async () => {
    const calls = fakeCalls({
      accountStatus: vi.fn(async () => ({ ...open, status: { equity: 'NONE' as const } })),
    });
    const effects = fakeEffects({ currentUsername: () => '', agencyBranchCode: () => undefined });
    await runRootLoading(calls, effects);
    const target = new URL(String(vi.mocked(effects.navigateTo).mock.calls[0]?.[0]));
    expect([...target.searchParams]).toEqual([['hashed_user_id', hashedUserId]]);
  });

  it('OPEN continues with the other calls and prefetches for later screens', async () => {
    const calls = fakeCalls();
    const effects = fakeEffects();
    await expect(runRootLoading(calls, effects)).resolves.toEqual({ kind: 'loaded', confirmation: null });
    expect(effects.setAccountClosed).not.toHaveBeenCalled();
    expect(effects.navigateTo).not.toHaveBeenCalled();
    expect(calls.tradingUserStatus).toHaveBeenCalledOnce();
    expect(calls.prefetchForLaterScreens).toHaveBeenCalledOnce();
  });

  it('is busy while loading and not busy afterwards', async () => {
    let resolveStatus: (status: AccountStatus) => void = () => undefined;
    const calls = fakeCalls({ accountStatus: () => new Promise((resolve) => (resolveStatus = resolve)) });
    const effects = fakeEffects();
    const run = runRootLoading(calls, effects);
    expect(vi.mocked(effects.setBusy).mock.calls).toEqual([[true]]);
    resolveStatus(open);
    await run;
    expect(vi.mocked(effects.setBusy).mock.calls).toEqual([[true], [false]]);
  });
});

describe('root loading: locked account', () => {
  it('sets locked on 400-100 from the trading user status', async () => {
    const effects = fakeEffects();
    await runRootLoading(
      fakeCalls({ tradingUserStatus: vi.fn(async () => Promise.reject(apiError('400-100'))) }),
      effects,
    );
    expect(effects.setAccountLocked).toHaveBeenCalledWith(true);
  });

  it.each(['400-000', '400-101', '500-000', '401-000'])('does not set locked on %s', async (code) => {
    const effects = fakeEffects();
    await runRootLoading(
      fakeCalls({ tradingUserStatus: vi.fn(async () => Promise.reject(apiError(code))) }),
      effects,
    );
    expect(effects.setAccountLocked).not.toHaveBeenCalled();
  });

  it('does not set locked on a network failure', async () => {
    const effects = fakeEffects();
    await runRootLoading(
      fakeCalls({ tradingUserStatus: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) }),
      effects,
    );
    expect(effects.setAccountLocked).not.toHaveBeenCalled();
  });
});

describe('root loading: swallowed failures', () => {
  it('resolves, and stops being busy, when every call fails', async () => {
    const fail = vi.fn(async () => Promise.reject(apiError('500-000')));
    const calls = fakeCalls({
      accountStatus: fail,
      tradingUserStatus: fail,
      informationBadge: fail,
      informationOthersBadge: fail,
      accounts: fail,
      unmaskedUser: fail,
      updateAccountRequests: fail,
    });
    const effects = fakeEffects();
    await expect(runRootLoading(calls, effects)).resolves.toEqual({ kind: 'loaded', confirmation: null });
    expect(vi.mocked(effects.setBusy).mock.calls).toEqual([[true], [false]]);
    expect(effects.setAccountClosed).not.toHaveBeenCalled();
    expect(effects.setAccountLocked).not.toHaveBeenCalled();
    expect(effects.setUnreadInformationCount).not.toHaveBeenCalled();
    expect(effects.writeSessionUser).not.toHaveBeenCalled();
  });

  it('a failed account status does not stop the rest of the loading', async () => {
    const calls = fakeCalls({ accountStatus: vi.fn(async () => Promise.reject(apiError('400-000'))) });
    const effects = fakeEffects();
    await runRootLoading(calls, effects);
    expect(effects.setUnreadInformationCount).toHaveBeenCalledWith(5);
    expect(effects.writeSessionUser).toHaveBeenCalledOnce();
  });

  it('a count the store refuses is swallowed too', async () => {
    const effects = fakeEffects({
      setUnreadInformationCount: vi.fn(() => {
        throw new RangeError('Invalid unread count');
      }),
    });
    await expect(runRootLoading(fakeCalls(), effects)).resolves.toMatchObject({ kind: 'loaded' });
  });
});

describe('root loading: unread information count', () => {
  it('is the sum of information and informationOthers unreadAll', async () => {
    const effects = fakeEffects();
    await runRootLoading(fakeCalls(), effects);
    expect(effects.setUnreadInformationCount).toHaveBeenCalledWith(5);
  });

  it('counts the badge that answered when the other one failed', async () => {
    const effects = fakeEffects();
    await runRootLoading(
      fakeCalls({ informationOthersBadge: vi.fn(async () => Promise.reject(apiError('500-000'))) }),
      effects,
    );
    expect(effects.setUnreadInformationCount).toHaveBeenCalledWith(2);
  });
});

describe('root loading: session user', () => {
  it('writes name, branch code, account number and account role to the session', async () => {
    const effects = fakeEffects();
    await runRootLoading(
      fakeCalls({ unmaskedUser: vi.fn(async () => user({ accountRole: 'CHILD' })) }),
      effects,
    );
    expect(effects.writeSessionUser).toHaveBeenCalledWith({
      name: '山田 太郎',
      branchCode: '123',
      accountNumber: '1234567',
      accountRole: 'CHILD',
    });
  });

  it('writes nothing when the accounts call failed', async () => {
    const effects = fakeEffects();
    await runRootLoading(
      fakeCalls({ accounts: vi.fn(async () => Promise.reject(apiError('500-000'))) }),
      effects,
    );
    expect(effects.writeSessionUser).not.toHaveBeenCalled();
  });

  it('shows the name last name first, separated by one space', () => {
    expect(displayName({ lastName: '山田', firstName: '花子', lastNameKana: '', firstNameKana: '' })).toBe(
      '山田 花子',
    );
    expect(displayName({ lastName: ' Smith ', firstName: 'John', lastNameKana: '', firstNameKana: '' })).toBe(
      'Smith John',
    );
    expect(displayName({ lastName: '山田', firstName: '', lastNameKana: '', firstNameKana: '' })).toBe(
      '山田',
    );
  });
});

describe('root loading: first-use confirmation', () => {
  const due = () => fakeCalls({ unmaskedUser: vi.fn(async () => user({ lastConfirmedOn: '2025-11-21' })) });

  it('is shown when the last confirmation is a year old and no update request is pending; noConfirmed becomes false', async () => {
    const calls = due();
    await expect(runRootLoading(calls, fakeEffects())).resolves.toEqual({
      kind: 'loaded',
      confirmation: { hashedUserId },
    });
    expect(calls.updateAccountRequests).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem('noConfirmed')).toBe('false');
  });

  it('is shown to a customer who has never confirmed', async () => {
    const calls = fakeCalls({ unmaskedUser: vi.fn(async () => user({ lastConfirmedOn: null })) });
    await expect(runRootLoading(calls, fakeEffects())).resolves.toMatchObject({
      confirmation: { hashedUserId },
    });
  });

  it('is not due a day before the year is complete', async () => {
    const calls = fakeCalls({ unmaskedUser: vi.fn(async () => user({ lastConfirmedOn: '2025-11-22' })) });
    await expect(runRootLoading(calls, fakeEffects())).resolves.toEqual({
      kind: 'loaded',
      confirmation: null,
    });
    expect(calls.updateAccountRequests).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('noConfirmed')).toBeNull();
  });

  it('a pending update-account request suppresses the screen', async () => {
    const calls = due();
    calls.updateAccountRequests = vi.fn(async () => pending);
    await expect(runRootLoading(calls, fakeEffects())).resolves.toEqual({
      kind: 'loaded',
      confirmation: null,
    });
    expect(window.localStorage.getItem('noConfirmed')).toBeNull();
  });

  it.each([
    ['answers null', async () => null],
    ['fails', async () => Promise.reject(apiError('400-000'))],
  ])('is shown when the update-account request call %s', async (_label, answer) => {
    const calls = due();
    calls.updateAccountRequests = vi.fn(answer);
    await expect(runRootLoading(calls, fakeEffects())).resolves.toMatchObject({
      confirmation: { hashedUserId },
    });
  });

  it.each(['true', 'false'])('is not shown while noConfirmed is stored as %s', async (value) => {
    window.localStorage.setItem('noConfirmed', value);
    const calls = due();
    await expect(runRootLoading(calls, fakeEffects())).resolves.toEqual({
      kind: 'loaded',
      confirmation: null,
    });
    expect(calls.updateAccountRequests).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('noConfirmed')).toBe(value);
  });

  it('is not shown when the user could not be loaded', async () => {
    const calls = fakeCalls({ unmaskedUser: vi.fn(async () => Promise.reject(apiError('400-666'))) });
    await expect(runRootLoading(calls, fakeEffects())).resolves.toEqual({
      kind: 'loaded',
      confirmation: null,
    });
  });
});

describe('excluded paths', () => {
  it('lists the pages that skip the sign-in check and every /saisonConnect path', () => {
    expect(ROOT_LOADING_EXCLUDED_PATHS).toEqual([
      '/new',
      '/resetPassword',
      '/resetPassword/done',
      '/trading/monthlyDeposit',
      '/redirect/openAccount',
      '/redirect/resetPassword',
      '/saisonConnect/*',
    ]);
  });

  it.each([
    '/new',
    '/new/',
    '/resetPassword',
    '/resetPassword/done/',
    '/trading/monthlyDeposit',
    '/redirect/openAccount',
    '/redirect/resetPassword//',
    '/saisonConnect',
    '/saisonConnect/',
    '/saisonConnect/mfa',
    '/saisonConnect/mfaError/',
    '/RESETPASSWORD',
  ])('%s is excluded (trailing slash removed, case ignored like the router)', (path) => {
    expect(isExcludedFromRootLoading(path)).toBe(true);
  });

  it.each(['/', '/assets', '/trading', '/trading/buy/AB12/input', '/mypage', '/newcomer', '/saisonConnectX'])(
    '%s takes part',
    (path) => {
      expect(isExcludedFromRootLoading(path)).toBe(false);
    },
  );
});
