// The only module that reads import.meta.env (architecture.md §4.4): every setting is parsed once, here,
// and a malformed value stops the app at start instead of surfacing later as a broken link.
//
// The spec names the outside pages (service-site news, the app store page) and the support contacts
// ({phone}, {email}) without giving their values. The defaults below are deliberately fictional
// (example.jp, 0120-000-000) so that a build without real values is recognisable at a glance; a real
// deployment sets the VITE_* variables at build time.

import { CardIssuerPath, cardIssuerClientId } from '@fund/contracts/paths';
import { isMailAddress } from '../lib/mail/mail-address';

const FICTIONAL_SERVICE_SITE = 'https://www.example.jp/';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function text(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? fallback : trimmed;
}

/** Only http(s) URLs: a `javascript:` or `data:` URL in a setting must never become a link (spec §8). */
export function parseHttpUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must be an http(s) URL: ${value}`);
  }
  return url;
}

function phoneNumber(name: string, value: string): string {
  if (!/^\d[\d-]{8,14}\d$/.test(value)) throw new ConfigError(`${name} is not a phone number: ${value}`);
  return value;
}

function mailAddress(name: string, value: string): string {
  if (!isMailAddress(value)) throw new ConfigError(`${name} is not a mail address: ${value}`);
  return value;
}

/** A URL with `{year}` in it, e.g. the service site's yearly list of system maintenance news. */
function yearlyUrlTemplate(name: string, value: string): string {
  if (!value.includes('{year}')) throw new ConfigError(`${name} must contain {year}: ${value}`);
  parseHttpUrl(name, value.replaceAll('{year}', '2000'));
  return value;
}

/** A URL setting that may be given relative to the app's origin (the default: one server serves everything). */
function siteUrl(name: string, value: string, origin: string): string {
  let resolved: string;
  try {
    resolved = new URL(value, origin).href;
  } catch {
    throw new ConfigError(`${name} is not a URL: ${value}`);
  }
  return parseHttpUrl(name, resolved).href;
}

/** A base URL for API calls: no trailing slash, so paths from the contracts append as they are. */
function baseUrl(name: string, value: string, origin: string): string {
  return siteUrl(name, value, origin).replace(/\/+$/, '');
}

function flag(name: string, value: string | undefined): boolean {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  throw new ConfigError(`${name} must be true or false: ${value}`);
}

/** Whole minutes, or null when unset (the feature is off). */
function optionalMinutes(name: string, value: string | undefined): number | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  const minutes = Number(trimmed);
  if (!Number.isSafeInteger(minutes) || minutes < 1 || minutes > 24 * 60) {
    throw new ConfigError(`${name} must be whole minutes between 1 and 1440: ${value}`);
  }
  return minutes;
}

export interface AppEnv {
  /** The operator's public website (お知らせ and FAQ pages live there). */
  readonly serviceSiteUrl: string;
  /** The news article announcing the current regular maintenance hours. */
  readonly maintenanceHoursNewsUrl: string;
  /** The system maintenance news of one year; `{year}` is replaced by the JST calendar year. */
  readonly maintenanceNewsUrlTemplate: string;
  /** Where the native-update modal sends the customer to install the new app version. */
  readonly nativeAppUpdateUrl: string;
  readonly supportPhone: string;
  readonly supportFax: string;
  readonly supportMailAddress: string;
  /** Issuer of the identity service's OpenID provider (discovery at `<issuer>/.well-known/openid-configuration`). */
  readonly identityIssuer: string;
  /** The web app's public OAuth client. */
  readonly oidcClientId: string;
  /** Where the identity service returns after sign-in; registered exactly so on the provider. */
  readonly oidcRedirectUri: string;
  /** Base URLs of the services the app calls (spec §7), each configurable so they can be split later. */
  readonly identityApiBaseUrl: string;
  readonly productApiBaseUrl: string;
  readonly accountApiBaseUrl: string;
  readonly balanceApiBaseUrl: string;
  /** Sign-out also ends every session of the customer (spec §6: scope user.session.revoke.self). */
  readonly globalSignOut: boolean;
  /** Inactivity after which the optional auto-logout signs out (spec §4); null: off. */
  readonly autoLogoutMinutes: number | null;
  /** Error-reporting endpoint (DSN); null: nothing is reported. */
  readonly errorReportingDsn: string | null;
  /** The partner sites the app hands the customer over to (spec §7 outbound hand-offs). */
  readonly accountOpeningUrl: string;
  readonly accountUpdateUrl: string;
  /** The card issuer's authorize and multi-factor screens (spec §7) and the app's client id there. */
  readonly cardIssuerAuthorizeUrl: string;
  readonly cardIssuerMfaUrl: string;
  readonly cardIssuerClientId: string;
  /** FAQ pages live under this URL on the service site. */
  readonly faqBaseUrl: string;
  /** The operator console (admin build, decision 024): the operators' provider and the console's client. */
  readonly adminIdentityIssuer: string;
  readonly adminOidcClientId: string;
}

/**
 * `origin` resolves the settings that default to paths on the app's own server (identity service, APIs,
 * partner simulators).
 */
export function parseEnv(raw: ImportMetaEnv, origin: string): AppEnv {
  const serviceSite = parseHttpUrl(
    'VITE_SERVICE_SITE_URL',
    text(raw.VITE_SERVICE_SITE_URL, FICTIONAL_SERVICE_SITE),
  );
  const onServiceSite = (path: string) => new URL(path, serviceSite).href;
  return Object.freeze({
    serviceSiteUrl: serviceSite.href,
    maintenanceHoursNewsUrl: parseHttpUrl(
      'VITE_MAINTENANCE_HOURS_NEWS_URL',
      text(raw.VITE_MAINTENANCE_HOURS_NEWS_URL, onServiceSite('news/maintenance-hours/')),
    ).href,
    maintenanceNewsUrlTemplate: yearlyUrlTemplate(
      'VITE_MAINTENANCE_NEWS_URL',
      text(raw.VITE_MAINTENANCE_NEWS_URL, `${onServiceSite('news/maintenance/')}{year}/`),
    ),
    nativeAppUpdateUrl: parseHttpUrl(
      'VITE_NATIVE_APP_UPDATE_URL',
      text(raw.VITE_NATIVE_APP_UPDATE_URL, onServiceSite('app/')),
    ).href,
    supportPhone: phoneNumber('VITE_SUPPORT_PHONE', text(raw.VITE_SUPPORT_PHONE, '0120-000-000')),
    supportFax: phoneNumber('VITE_SUPPORT_FAX', text(raw.VITE_SUPPORT_FAX, '03-0000-0000')),
    supportMailAddress: mailAddress('VITE_SUPPORT_MAIL', text(raw.VITE_SUPPORT_MAIL, 'support@example.jp')),
    identityIssuer: baseUrl('VITE_IDENTITY_ISSUER', text(raw.VITE_IDENTITY_ISSUER, '/oidc'), origin),
    oidcClientId: text(raw.VITE_OIDC_CLIENT_ID, 'fund-web'),
    oidcRedirectUri: siteUrl('VITE_OIDC_REDIRECT_URI', text(raw.VITE_OIDC_REDIRECT_URI, '/'), origin),
    identityApiBaseUrl: baseUrl('VITE_IDENTITY_API_URL', text(raw.VITE_IDENTITY_API_URL, '/auth/v1'), origin),
    productApiBaseUrl: baseUrl('VITE_PRODUCT_API_URL', text(raw.VITE_PRODUCT_API_URL, '/'), origin),
    accountApiBaseUrl: baseUrl('VITE_ACCOUNT_API_URL', text(raw.VITE_ACCOUNT_API_URL, '/'), origin),
    balanceApiBaseUrl: baseUrl('VITE_BALANCE_API_URL', text(raw.VITE_BALANCE_API_URL, '/balance'), origin),
    globalSignOut: flag('VITE_GLOBAL_SIGN_OUT', raw.VITE_GLOBAL_SIGN_OUT),
    autoLogoutMinutes: optionalMinutes('VITE_AUTO_LOGOUT_MINUTES', raw.VITE_AUTO_LOGOUT_MINUTES),
    errorReportingDsn:
      text(raw.VITE_ERROR_REPORTING_DSN, '') === ''
        ? null
        : parseHttpUrl('VITE_ERROR_REPORTING_DSN', text(raw.VITE_ERROR_REPORTING_DSN, '')).href,
    accountOpeningUrl: siteUrl(
      'VITE_ACCOUNT_OPENING_URL',
      text(raw.VITE_ACCOUNT_OPENING_URL, '/partners/account-opening'),
      origin,
    ),
    accountUpdateUrl: siteUrl(
      'VITE_ACCOUNT_UPDATE_URL',
      text(raw.VITE_ACCOUNT_UPDATE_URL, '/partners/account-update'),
      origin,
    ),
    cardIssuerAuthorizeUrl: siteUrl(
      'VITE_CARD_ISSUER_AUTHORIZE_URL',
      text(raw.VITE_CARD_ISSUER_AUTHORIZE_URL, CardIssuerPath.authorize),
      origin,
    ),
    cardIssuerMfaUrl: siteUrl(
      'VITE_CARD_ISSUER_MFA_URL',
      text(raw.VITE_CARD_ISSUER_MFA_URL, CardIssuerPath.mfa),
      origin,
    ),
    cardIssuerClientId: text(raw.VITE_CARD_ISSUER_CLIENT_ID, cardIssuerClientId),
    faqBaseUrl: parseHttpUrl('VITE_FAQ_URL', text(raw.VITE_FAQ_URL, onServiceSite('faq/'))).href,
    adminIdentityIssuer: baseUrl(
      'VITE_ADMIN_IDENTITY_ISSUER',
      text(raw.VITE_ADMIN_IDENTITY_ISSUER, '/oidc-admin'),
      origin,
    ),
    adminOidcClientId: text(raw.VITE_ADMIN_OIDC_CLIENT_ID, 'fund-admin'),
  });
}

export const env: AppEnv = parseEnv(import.meta.env, window.location.origin);

/** Origins the app may send the customer to: only the sites configured above (spec §8). */
export const allowedExternalOrigins: ReadonlySet<string> = new Set(
  [
    env.serviceSiteUrl,
    env.maintenanceHoursNewsUrl,
    env.nativeAppUpdateUrl,
    env.maintenanceNewsUrlTemplate.replaceAll('{year}', '2000'),
    env.faqBaseUrl,
    env.identityIssuer,
    env.accountOpeningUrl,
    env.accountUpdateUrl,
    env.cardIssuerAuthorizeUrl,
    env.cardIssuerMfaUrl,
  ].map((url) => new URL(url).origin),
);
