import { describe, expect, it } from 'vitest';
import { mailtoUrl } from './open-mail-draft';

describe('mailtoUrl', () => {
  it('percent-encodes subject and body as UTF-8 with %20 for spaces and CRLF line breaks', () => {
    expect(mailtoUrl({ to: 'support@example.jp', subject: '窓口 ID', body: '一行目\n二行目 & ?' })).toBe(
      'mailto:support@example.jp?subject=%E7%AA%93%E5%8F%A3%20ID&body=%E4%B8%80%E8%A1%8C%E7%9B%AE%0D%0A%E4%BA%8C%E8%A1%8C%E7%9B%AE%20%26%20%3F',
    );
  });

  it.each([
    'support@example.jp?cc=someone@example.com',
    'a b@example.jp',
    'support@example.jp,other@example.jp',
  ])('refuses the address %s, which could add recipients or header fields', (to) => {
    expect(() => mailtoUrl({ to, subject: '', body: '' })).toThrow('Not a mail address');
  });
});
