import nodemailer from 'nodemailer';

/** One message as handed to the wire; `messageId` lets receivers drop a copy sent twice after a crash. */
export interface TransportMessage {
  readonly messageId: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string | undefined;
}

/** Where delivered mail goes. `send` resolves only once the server has accepted the message. */
export interface MailTransport {
  send(message: TransportMessage): Promise<void>;
  close(): void;
}

/** The SMTP answer refused the recipient although the connection worked. */
export class MailRejectedError extends Error {
  override readonly name = 'MailRejectedError';
}

/**
 * SMTP through nodemailer. Short timeouts: a hanging server must not hold a delivery claim for
 * nodemailer's default ten-minute socket timeout; the outbox retries later instead.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      const info = await transporter.sendMail({
        messageId: message.messageId,
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      if (info.rejected.length > 0 || info.accepted.length === 0) {
        throw new MailRejectedError(`SMTP server refused the recipient: ${info.response}`);
      }
    },
    close() {
      transporter.close();
    },
  };
}
