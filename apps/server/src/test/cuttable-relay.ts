import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay between the app and PostgreSQL that can be cut like a network outage or a database
 * restart: open connections are dropped and new ones refused until it is restored.
 */
export class CuttableRelay {
  readonly #sockets = new Set<Socket>();
  #cut = false;
  readonly server: Server;

  constructor(target: { host: string; port: number }) {
    this.server = createServer((client) => {
      if (this.#cut) {
        client.destroy();
        return;
      }
      const upstream = connect(target);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('relay has no port');
    return address.port;
  }

  cut(): void {
    this.#cut = true;
    for (const socket of this.#sockets) socket.destroy();
  }

  restore(): void {
    this.#cut = false;
  }
}
