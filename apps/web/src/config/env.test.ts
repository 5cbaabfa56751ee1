import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

const origin = 'https://fund.example.test';

describe('parseEnv', () => {
  it('resolves the server-relative defaults and settings against the app origin', () => {
    const env = parseEnv(
      {
        VITE_PRODUCT_API_URL: 'https://api.example.test/product/',
        VITE_GLOBAL_SIGN_OUT: 'true',
        VITE_AUTO_LOGOUT_MINUTES: '15',
      } as ImportMetaEnv,
      origin,
    );
    expect(env.productApiBaseUrl).toBe('https://api.example.test/product');
    expect(env.globalSignOut).toBe(true);
    expect(env.autoLogoutMinutes).toBe(15);
  });

  it('falls back to the fictional defaults', () => {
    expect(parseEnv({} as ImportMetaEnv, origin)).toEqual({
      serviceSiteUrl: 'https://www.example.jp/',
      maintenanceHoursNewsUrl: 'https://www.example.jp/news/maintenance-hours/',
      maintenanceNewsUrlTemplate: 'https://www.example.jp/news/maintenance/{year}/',
      nativeAppUpdateUrl: 'https://www.example.jp/app/',
      supportPhone: '0120-000-000',
      supportFax: '03-0000-0000',
      supportMailAddress: 'support@example.jp',
      identityIssuer: 'https://fund.example.test/oidc',
      oidcClientId: 'fund-web',
      oidcRedirectUri: 'https://fund.example.test/',
      identityApiBaseUrl: 'https://fund.example.test/auth/v1',
      productApiBaseUrl: 'https://fund.example.test',
      accountApiBaseUrl: 'https://fund.example.test',
      balanceApiBaseUrl: 'https://fund.example.test/balance',
      globalSignOut: false,
      autoLogoutMinutes: null,
      errorReportingDsn: null,
      accountOpeningUrl: 'https://fund.example.test/partners/account-opening',
      accountUpdateUrl: 'https://fund.example.test/partners/account-update',
      faqBaseUrl: 'https://www.example.jp/faq/',
      cardIssuerAuthorizeUrl: 'https://fund.example.test/partners/card-issuer/authorize',
      cardIssuerMfaUrl: 'https://fund.example.test/partners/card-issuer/mfa',
      cardIssuerClientId: 'fund-web-saison-connect',
      adminIdentityIssuer: 'https://fund.example.test/oidc-admin',
      adminOidcClientId: 'fund-admin',
    });
  });

  it('takes configured values, deriving the news pages from the service site', () => {
    const env = parseEnv(
      {
        VITE_SERVICE_SITE_URL: 'https://fund.example.com/',
        VITE_SUPPORT_PHONE: '0120-123-456',
        VITE_SUPPORT_MAIL: 'help@fund.example.com',
        VITE_MAINTENANCE_NEWS_URL: ' ',
      } as ImportMetaEnv,
      origin,
    );
    expect(env.maintenanceHoursNewsUrl).toBe('https://fund.example.com/news/maintenance-hours/');
    expect(env.maintenanceNewsUrlTemplate).toBe('https://fund.example.com/news/maintenance/{year}/');
    expect(env.supportPhone).toBe('0120-123-456');
    expect(env.supportMailAddress).toBe('help@fund.example.com');
  });

  it.each([
    { VITE_SERVICE_SITE_URL: 'javascript:alert(1)' },
    { VITE_MAINTENANCE_HOURS_NEWS_URL: 'data:text/html,x' },
    { VITE_NATIVE_APP_UPDATE_URL: 'not a url' },
    { VITE_MAINTENANCE_NEWS_URL: 'https://www.example.jp/news/' },
    { VITE_SUPPORT_PHONE: 'call us' },
    { VITE_SUPPORT_MAIL: 'support@example.jp?bcc=x@example.jp' },
    { VITE_ACCOUNT_OPENING_URL: 'javascript:alert(1)' },
    { VITE_CARD_ISSUER_AUTHORIZE_URL: 'javascript:alert(1)' },
    { VITE_GLOBAL_SIGN_OUT: 'yes' },
    { VITE_AUTO_LOGOUT_MINUTES: '0.5' },
    { VITE_ERROR_REPORTING_DSN: 'ftp://errors.example.jp/1' },
  ])('refuses %o at start', (raw) => {
    expect(() => parseEnv(raw as ImportMetaEnv, origin)).toThrow(ConfigError);
  });
});
