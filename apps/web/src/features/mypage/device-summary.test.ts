import { describe, expect, it } from 'vitest';
import { summariseUserAgent } from './device-summary';

describe('a sign-in’s device in a few words', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'iPhone・Safari',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      'Android・Chrome',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      'Windows・Edge',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', 'Mac・Firefox'],
    ['curl/8.5.0', 'その他の端末'],
  ])('%s → %s', (userAgent, summary) => {
    expect(summariseUserAgent(userAgent)).toBe(summary);
  });

  it('says nothing when the sign-in recorded no user agent', () => {
    expect(summariseUserAgent(null)).toBeUndefined();
    expect(summariseUserAgent(' ')).toBeUndefined();
  });
});
