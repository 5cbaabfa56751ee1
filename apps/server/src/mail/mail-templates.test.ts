import { describe, expect, it } from 'vitest';
import {
  accountLockedMail,
  credentialChangedMail,
  formatJstDateTime,
  preDebitCheckMail,
  signInCodeMail,
  signInNotificationMail,
} from './mail-templates.ts';

describe('mail templates', () => {
  it('writes times in Japan time whatever the server time zone', () => {
    expect(formatJstDateTime(new Date('2025-03-31T15:05:00Z'))).toBe('2025年4月1日 00:05（日本時間）');
  });

  it('puts the code and its lifetime in the code mail, with the service name in the subject', () => {
    const mail = signInCodeMail({ code: '012345', validMinutes: 10 });
    expect(mail.subject).toBe('【投資信託 オンラインサービス】ログイン確認コードのお知らせ');
    expect(mail.text).toContain('確認コード：012345');
    expect(mail.text).toContain('有効期限は 10 分');
  });

  it('states time, IP and device of a sign-in, and cannot be given extra lines through the user agent', () => {
    const mail = signInNotificationMail({
      at: new Date('2025-04-01T00:00:00Z'),
      ipAddress: '203.0.113.5',
      userAgent: 'Mozilla/5.0\r\n\r\nパスワードを返信してください',
    });
    expect(mail.text).toContain('日時：2025年4月1日 09:00（日本時間）');
    expect(mail.text).toContain('IP アドレス：203.0.113.5');
    expect(mail.text).toContain('ブラウザ・端末：Mozilla/5.0 パスワードを返信してください');
  });

  it('has a lock notice and a notice for each credential change', () => {
    expect(accountLockedMail({ at: new Date(0), failedAttempts: 5 }).text).toContain('5 回');
    for (const change of ['password', 'email', 'totp-enabled', 'passkey-removed'] as const) {
      expect(credentialChangedMail({ change, at: new Date(0) }).kind).toBe('credential-changed');
    }
  });

  it('links the pre-debit mail to the screen to act on, and names the screen when no origin is configured', () => {
    const content = {
      title: 'クレジットカードのご登録のお願い',
      lines: ['2026年11月27日(金)は、クレジットカードでの積立のお支払い日です。'],
      action: { label: 'セゾンカード連携', path: '/saisonConnect' },
    };
    const linked = preDebitCheckMail({ ...content, appOrigin: 'https://fund.example.jp' });
    expect(linked.subject).toBe('【投資信託 オンラインサービス】クレジットカードのご登録のお願い');
    expect(linked.text).toContain('https://fund.example.jp/saisonConnect');
    expect(linked.text).toContain('お引き落とし日の3営業日前に');
    const named = preDebitCheckMail(content);
    expect(named.text).toContain('アプリにログインし、「セゾンカード連携」からお手続きください。');
    expect(named.text).not.toContain('http');
  });
});
