import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../mail/mail-transport.ts';
import { SmtpSink } from './smtp-sink.ts';

// The production smoke test reads mailed sign-in codes from this sink: it must decode what nodemailer sends.
describe('the SMTP sink of the production tests', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await SmtpSink.start();
  });
  afterAll(async () => {
    await sink.stop();
  });

  it('receives a Japanese mail from the SMTP transport and decodes its subject and text', async () => {
    const transport = smtpTransport(sink.url);
    await transport.send({
      messageId: '<sink-test@example.jp>',
      from: '投資信託 オンラインサービス <no-reply@example.jp>',
      to: 'customer@example.jp',
      subject: '【投資信託】確認コードのお知らせ',
      text: `確認コード: 123456\n${'長い本文の行。'.repeat(20)}\n.先頭のピリオド`,
      html: '<p>確認コード: 123456</p>',
    });
    transport.close();
    const mail = await sink.mailTo('customer@example.jp');
    expect(mail.from).toBe('no-reply@example.jp');
    expect(mail.subject).toBe('【投資信託】確認コードのお知らせ');
    expect(mail.text).toContain('確認コード: 123456');
    expect(mail.text).toContain('.先頭のピリオド');
    expect(mail.text).toContain('長い本文の行。'.repeat(20));
  });
});
