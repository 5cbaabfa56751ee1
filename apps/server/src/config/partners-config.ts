import { z } from 'zod';
import {
  addressSetting,
  secretListSetting,
  secretSetting,
  switchSetting,
  type ConfigIssue,
  type ConfigVariable,
} from './config-settings.ts';

/** The partner sites: the key behind the ids and links handed to them, and their demo simulators. */

export interface PartnersConfig {
  /**
   * Secret (32+ characters) behind `hashed_user_id` and the signed trade-report tickets. Undefined
   * (refused in production) means the built-in development key.
   */
  readonly hashKey: string | undefined;
  /** Whether the simulators of the outside sites are served under /partners/ (never in production). */
  readonly simulators: boolean;
  /**
   * The keys a fund feed sent to POST /inbound/fund-feed may be signed with (the first signs what we send,
   * any verifies: a rotation adds the new key first and removes the old once the sender uses the new one).
   * Undefined (refused in production) means the public development key.
   */
  readonly fundFeedKeys: readonly string[] | undefined;
  /**
   * The keys the account-opening site and the trading system sign their calls with (POST
   * /inbound/account-events, /inbound/trading-status); as the fund feed's. Undefined: the development key.
   */
  readonly inboundKeys: readonly string[] | undefined;
  /**
   * The card issuer's server API (token exchange, MFA result, status). Undefined: the simulator under
   * /partners/ when it runs, else no issuer (the points block says the card service is unavailable).
   */
  readonly cardIssuerApiUrl: string | undefined;
  /** The electronic trade-report site the balance service's frame URL points to; undefined: the simulator. */
  readonly tradeReportsUrl: string | undefined;
}

/** The public key of development and tests: anyone may sign a feed with it, so production refuses it. */
export const developmentInboundKey = 'development-inbound-key-public-not-a-secret';

export const partnersVariables = [
  {
    name: 'PARTNER_HASH_KEY',
    default: '(development key; required in production)',
    description:
      'Secret of 32+ characters (`openssl rand -base64 32`) that keys `hashed_user_id` (HMAC-SHA256 of the customer id) handed to the partner sites and signs the short-lived trade-report links. Changing it changes every hashed user id. Unset outside production: a built-in, public development key (with a warning).',
  },
  {
    name: 'PARTNER_SIMULATORS',
    default: '`true` (`false` in production)',
    description:
      'Serve the demo simulators of the outside sites under `/partners/` (account opening, account update, electronic trade reports). `true` is refused when `NODE_ENV=production`.',
  },
  {
    name: 'FUND_FEED_KEYS',
    default: '(development key; required in production)',
    description:
      'Comma-separated secrets of 32+ characters (`npm run secrets -- generate` makes one) that sign the fund feed sent to `POST /inbound/fund-feed` (HMAC-SHA256, docs/fund-feed.md). Any key of the list verifies; rotate by adding the new key, then removing the old one once the sender uses the new one. Unset outside production: a built-in, public development key (with a warning).',
  },
  {
    name: 'PARTNER_INBOUND_KEYS',
    default: '(development key; required in production)',
    description:
      'Comma-separated secrets of 32+ characters (`npm run secrets -- generate` makes one) with which the account-opening site and the trading system sign their calls to `POST /inbound/account-events` and `/inbound/trading-status` (docs/inbound-interfaces.md). Any key of the list verifies; the simulators sign with the first. Unset outside production: the public development key (with a warning).',
  },
  {
    name: 'CARD_ISSUER_API_URL',
    default: 'the simulator under `/partners/card-issuer` (required in production)',
    description:
      "Base address of the card issuer's server API the app calls for a card link and points (`<base>/token`, `<base>/mfa/result`, `<base>/status`; each call times out after 5 s and then counts as the card service being unavailable). The browser-facing issuer screens are the web build's `VITE_CARD_ISSUER_AUTHORIZE_URL` and `VITE_CARD_ISSUER_MFA_URL`.",
  },
  {
    name: 'PARTNER_TRADE_REPORTS_URL',
    default: 'the simulator under `/partners/trade-reports` (required in production)',
    description:
      'Address of the electronic trade-report site (電子交付サイト) the trade-report frame opens, with a signed, short-lived `ticket` added (signed with `PARTNER_HASH_KEY`).',
  },
] as const satisfies readonly ConfigVariable[];

export const partnersEnvironment = z.object({
  PARTNER_HASH_KEY: secretSetting.optional(),
  PARTNER_SIMULATORS: switchSetting.optional(),
  FUND_FEED_KEYS: secretListSetting.optional(),
  PARTNER_INBOUND_KEYS: secretListSetting.optional(),
  CARD_ISSUER_API_URL: addressSetting.optional(),
  PARTNER_TRADE_REPORTS_URL: addressSetting.optional(),
} satisfies Record<(typeof partnersVariables)[number]['name'], z.ZodType>);

/** What NODE_ENV=production refuses of the partner hand-offs: the public key and the simulators. */
export function partnersIssues(
  variables: z.infer<typeof partnersEnvironment>,
  isProduction: boolean,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (isProduction && variables.PARTNER_HASH_KEY === undefined) {
    issues.push({
      variable: 'PARTNER_HASH_KEY',
      message:
        'is required when NODE_ENV=production (the development key is public); generate one with `openssl rand -base64 32`',
    });
  }
  if (isProduction && variables.FUND_FEED_KEYS === undefined) {
    issues.push({
      variable: 'FUND_FEED_KEYS',
      message:
        'is required when NODE_ENV=production (the development key is public); `npm run secrets -- generate` makes one',
    });
  }
  if (isProduction && variables.PARTNER_INBOUND_KEYS === undefined) {
    issues.push({
      variable: 'PARTNER_INBOUND_KEYS',
      message:
        'is required when NODE_ENV=production (the development key is public); `npm run secrets -- generate` makes one',
    });
  }
  // production talks to the real sites: an address left unset would send customers and calls nowhere
  for (const variable of ['CARD_ISSUER_API_URL', 'PARTNER_TRADE_REPORTS_URL'] as const) {
    if (isProduction && variables[variable] === undefined)
      issues.push({
        variable,
        message: 'is required when NODE_ENV=production (the default is the development simulator)',
      });
  }
  if (isProduction && variables.PARTNER_SIMULATORS === true) {
    issues.push({
      variable: 'PARTNER_SIMULATORS',
      message:
        'the partner site simulators must not run when NODE_ENV=production; unset it or set it to false',
    });
  }
  return issues;
}

export function partnersConfig(
  variables: z.infer<typeof partnersEnvironment>,
  isProduction: boolean,
): PartnersConfig {
  return {
    hashKey: variables.PARTNER_HASH_KEY,
    simulators: variables.PARTNER_SIMULATORS ?? !isProduction,
    fundFeedKeys: variables.FUND_FEED_KEYS,
    inboundKeys: variables.PARTNER_INBOUND_KEYS,
    cardIssuerApiUrl: variables.CARD_ISSUER_API_URL,
    tradeReportsUrl: variables.PARTNER_TRADE_REPORTS_URL,
  };
}
