// The only module that reads import.meta.env (architecture.md §4.4): every setting is parsed once, here,
// and a malformed value stops the app at start instead of surfacing later as a broken link.
//
// The spec names the outside pages (service-site news, the app store page) and the support contacts
// ({phone}, {email}) without giving their values. The defaults below are deliberately fictional
// (example.jp, 0120-000-000) so that a build without real values is recognisable at a glance; a real
// deployment sets the VITE_* variables at build time.

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
}

export function parseEnv(raw: ImportMetaEnv): AppEnv {
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
  });
}

export const env: AppEnv = parseEnv(import.meta.env);

/** Origins the app may open in a new window: only the sites configured above (spec §8). */
export const allowedExternalOrigins: ReadonlySet<string> = new Set(
  [
    env.serviceSiteUrl,
    env.maintenanceHoursNewsUrl,
    env.nativeAppUpdateUrl,
    env.maintenanceNewsUrlTemplate.replaceAll('{year}', '2000'),
  ].map((url) => new URL(url).origin),
);
