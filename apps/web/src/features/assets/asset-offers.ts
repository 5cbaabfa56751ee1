import type { AccountRoleType } from '@fund/contracts';

/** What the assets screen offers a customer beside their figures (decision 012 "Roles"). */
export interface AssetOffers {
  /** 追加購入 per holding: not for junior NISA (no new purchases since 2024). */
  readonly buy: boolean;
  /**
   * The link to NISA口座の状況 and what it says is there: an adult's 2024 NISA limits, a junior NISA
   * account's holdings (as the side menu and the home shortcuts list it); none for corporations and
   * children, who cannot hold NISA.
   */
  readonly nisaBalanceLink: string | null;
  /** Junior NISA: the note that the account can be withdrawn tax-free at any time. */
  readonly juniorNisaNote: boolean;
}

/** An unknown role (the profile could not load) gets what every role may see: no role-specific offers. */
export function assetOffersFor(role: AccountRoleType | null): AssetOffers {
  return {
    buy: role === 'ADULT' || role === 'CORPORATION' || role === 'CHILD',
    nisaBalanceLink:
      role === 'ADULT'
        ? 'NISA口座の状況（今年の投資枠・生涯投資枠）'
        : role === 'JUNIOR_NISA'
          ? 'NISA口座の状況（ジュニアNISAのお預り資産）'
          : null,
    juniorNisaNote: role === 'JUNIOR_NISA',
  };
}
