import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchIssuerTransport, httpCardIssuerClient } from './card-issuer-client.ts';

// Issue 27 point 2: the card issuer's address is a setting (CARD_ISSUER_API_URL); the client calls it over
// the network with the simulator's protocol, and an issuer that does not answer in time is unavailable.
describe('the card issuer at its configured address', () => {
  let server: Server;
  let base: string;
  const received: { method: string; url: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ method: request.method ?? '', url: request.url ?? '', body });
        if (request.url === '/issuer/v1/silent/status') return; // never answers
        response.setHeader('content-type', 'application/json');
        if (request.url === '/issuer/v1/status') response.end(JSON.stringify({ maintenance: false }));
        else if (request.url === '/issuer/v1/token')
          response.end(JSON.stringify({ onetime_token: 'one-time', mfa_required: true }));
        else response.writeHead(404).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/issuer/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('card-issuer-at-its-configured-address-is-called-over-http-with-the-simulators-protocol', async () => {
    const client = httpCardIssuerClient(fetchIssuerTransport(base));
    expect(await client.underMaintenance()).toBe(false);
    expect(await client.exchangeCode('code-1', 'https://fund.example.jp/cards/return')).toEqual({
      ok: true,
      onetimeToken: 'one-time',
    });
    expect(received.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /issuer/v1/status',
      'POST /issuer/v1/token',
    ]);
    expect(new URLSearchParams(received[1]!.body).get('code')).toBe('code-1');
  });

  it('card-issuer-that-does-not-answer-in-time-counts-as-unavailable', async () => {
    const client = httpCardIssuerClient(fetchIssuerTransport(`${base}/silent`, 200));
    expect(await client.underMaintenance()).toBe(true);
    const unreachable = httpCardIssuerClient(fetchIssuerTransport('http://127.0.0.1:9/issuer', 200));
    expect(await unreachable.exchangeCode('code-2', 'https://fund.example.jp/cards/return')).toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });
});
