import { beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { browserLocation } from './browser-location';
import { openExternalUrl } from './external';
import { isAllowedNavigationUrl, navigateTo } from './navigate-to';

beforeEach(() => {
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
});

const accountOpening = env.accountOpeningUrl;
const serviceSite = env.serviceSiteUrl;

describe('navigateTo refuses what is not allowed (spec §8, security.md 32)', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'https://evil.example.com/',
    '//evil.example.com/path',
    'http://[bad',
  ])('refuses %s', (url) => {
    expect(navigateTo(url)).toBe(false);
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it("allows the app's own origin, absolute and relative", () => {
    expect(navigateTo(`${window.location.origin}/assets?x=1`)).toBe(true);
    expect(navigateTo('/trading')).toBe(true);
    expect(browserLocation.assign).toHaveBeenNthCalledWith(1, `${window.location.origin}/assets?x=1`);
    expect(browserLocation.assign).toHaveBeenNthCalledWith(2, `${window.location.origin}/trading`);
  });

  it('allows configured partner sites (allowedExternalOrigins)', () => {
    expect(navigateTo(`${serviceSite}faq/`)).toBe(true);
    expect(navigateTo(`${accountOpening}?temporaryUserId=1`)).toBe(true);
    expect(browserLocation.assign).toHaveBeenCalledTimes(2);
  });

  it('isAllowedNavigationUrl answers without navigating', () => {
    expect(isAllowedNavigationUrl('javascript:void(0)')).toBe(false);
    expect(isAllowedNavigationUrl('/mypage')).toBe(true);
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });
});

describe('openExternalUrl keeps refusing likewise', () => {
  it.each(['javascript:alert(1)', 'data:text/html,x', 'https://evil.example.com/'])('refuses %s', (url) => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openExternalUrl(url)).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('opens an allowed site without opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openExternalUrl(serviceSite)).toBe(true);
    expect(open).toHaveBeenCalledWith(serviceSite, '_blank', 'noopener,noreferrer');
  });
});
