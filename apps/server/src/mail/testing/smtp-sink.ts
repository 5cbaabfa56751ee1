import { createServer, type AddressInfo, type Socket } from 'node:net';

/** One message as the sink received it. */
export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  /** The raw message (headers and body) as sent after DATA. */
  readonly data: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` */
  readonly url: string;
  readonly received: ReceivedMail[];
  /** Answers the next `count` DATA commands with a 451 (temporary failure). */
  failNext(count: number): void;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on the loopback interface for tests: just enough of RFC 5321 for nodemailer
 * (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), no TLS, no authentication.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let failures = 0;

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP');

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const data = buffer.slice(0, end).replaceAll('\r\n..', '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          if (failures > 0) {
            failures -= 1;
            reply('451 4.3.0 try again later');
          } else {
            received.push({ from, to, data });
            reply('250 2.0.0 queued');
          }
          from = '';
          to = [];
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') {
          reply('250-sink.test');
          reply('250 8BITMIME');
        } else if (command === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (command === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (command === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else {
          reply('250 2.0.0 ok');
        }
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(count) {
      failures = count;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
