// The development mailbox (apps/server/src/modules/dev-mailbox): what the server sent, codes included.
import { expect } from 'vitest';

interface OutboxMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly createdAt: string;
}

const codePattern = /確認コード：(\d{6})/;

/** The newest mail to the address, if any. */
async function newestMail(baseUrl: string, to: string): Promise<OutboxMail | undefined> {
  const query = new URLSearchParams({ to, limit: '1' });
  const response = await fetch(`${baseUrl}/dev/mailbox.json?${query.toString()}`);
  expect(response.status).toBe(200);
  const { mails } = (await response.json()) as { mails: OutboxMail[] };
  return mails[0];
}

/**
 * The 6-digit code of the newest mail to the address whose subject contains `subject`, waiting for it to
 * arrive (the outbox is written by the request that sent the code, but a poll costs nothing).
 */
export async function mailedCode(baseUrl: string, to: string, subject: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = await newestMail(baseUrl, to);
      code = mail?.subject.includes(subject) === true ? codePattern.exec(mail.text)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}
