import type { AccountRoleType } from '@fund/contracts';

/** What the assets screen offers a customer beside their figures (decision 012 "Roles"). */
export interface AssetOffers {
  /** 追加購入 per holding: not for junior NISA (no new purchases since 2024). */
  readonly buy: boolean;
  /** The link to NISA口座の状況: only adults hold the 2024 NISA; corporations and children cannot. */
  readonly nisaBalance: boolean;
  /** Junior NISA: the note that the account can be withdrawn tax-free at any time. */
  readonly juniorNisaNote: boolean;
}

/** An unknown role (the profile could not load) gets what every role may see: no role-specific offers. */
export function assetOffersFor(role: AccountRoleType | null): AssetOffers {
  return {
    buy: role === 'ADULT' || role === 'CORPORATION' || role === 'CHILD',
    nisaBalance: role === 'ADULT',
    juniorNisaNote: role === 'JUNIOR_NISA',
  };
}
