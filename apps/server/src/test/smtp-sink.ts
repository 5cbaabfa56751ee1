import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** One mail as the sink received it: the envelope and the decoded text of every part. */
export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  readonly subject: string;
  /** The text of every part, transfer encoding (quoted-printable, base64) undone. */
  readonly text: string;
}

/**
 * A plain SMTP server that accepts every mail and keeps it in memory: production sends its codes by
 * mail, and a production test must read them the way a customer does. It speaks just enough of RFC 5321
 * (no STARTTLS, no AUTH) for nodemailer's `smtp://` transport.
 */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private readonly server: Server;

  private constructor() {
    this.server = createServer((socket) => this.converse(socket));
  }

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink();
    sink.server.listen(0, '127.0.0.1');
    await once(sink.server, 'listening');
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The first mail to `address` received after `since` mails (waits up to `timeoutMs`). */
  async mailTo(address: string, since = 0, timeoutMs = 20_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.slice(since).find((mail) => mail.to.includes(address));
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    this.server.close();
    await once(this.server, 'close');
  }

  private converse(socket: Socket): void {
    let buffer = '';
    let from = '';
    let to: string[] = [];
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp-sink ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replaceAll('\r\n..', '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          this.mails.push(parseMail(from, to, raw));
          reply('250 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 smtp-sink');
        else if (verb === 'MAIL') [from, to] = [addressIn(line), []];
        else if (verb === 'RCPT') to.push(addressIn(line));
        else if (verb === 'DATA') inData = true;
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        }
        if (verb === 'MAIL' || verb === 'RCPT' || verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        if (verb === 'DATA') reply('354 end with .');
      }
    });
    socket.on('error', () => socket.destroy());
  }
}

function addressIn(line: string): string {
  return /<([^>]*)>/.exec(line)?.[1] ?? '';
}

function parseMail(from: string, to: readonly string[], raw: string): ReceivedMail {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const subjectLine = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  return {
    from,
    to: [...to],
    subject: decodeEncodedWords(subjectLine.replace(/\r\n[ \t]/g, ' ')),
    text: decodeParts(head, rest.join('\r\n\r\n')),
  };
}

/** Undoes each MIME part's transfer encoding; parts are found by the boundary the header declares. */
function decodeParts(head: string, body: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (boundary === undefined) return decodeBody(head, body);
  return body
    .split(`--${boundary}`)
    .map((part) => {
      const split = part.indexOf('\r\n\r\n');
      if (split < 0) return '';
      return decodeParts(part.slice(0, split), part.slice(split + 4));
    })
    .join('\n');
}

function decodeBody(head: string, body: string): string {
  const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(body, 'latin1');
  return bytes.toString('utf8');
}

function decodeEncodedWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replaceAll('_', ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
