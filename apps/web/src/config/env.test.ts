import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('parseEnv', () => {
  it('falls back to the fictional defaults', () => {
    expect(parseEnv({} as ImportMetaEnv)).toEqual({
      serviceSiteUrl: 'https://www.example.jp/',
      maintenanceHoursNewsUrl: 'https://www.example.jp/news/maintenance-hours/',
      maintenanceNewsUrlTemplate: 'https://www.example.jp/news/maintenance/{year}/',
      nativeAppUpdateUrl: 'https://www.example.jp/app/',
      supportPhone: '0120-000-000',
      supportFax: '03-0000-0000',
      supportMailAddress: 'support@example.jp',
    });
  });

  it('takes configured values, deriving the news pages from the service site', () => {
    const env = parseEnv({
      VITE_SERVICE_SITE_URL: 'https://fund.example.com/',
      VITE_SUPPORT_PHONE: '0120-123-456',
      VITE_SUPPORT_MAIL: 'help@fund.example.com',
      VITE_MAINTENANCE_NEWS_URL: ' ',
    } as ImportMetaEnv);
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
  ])('refuses %o at start', (raw) => {
    expect(() => parseEnv(raw as ImportMetaEnv)).toThrow(ConfigError);
  });
});
