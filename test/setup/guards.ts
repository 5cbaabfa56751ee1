// Test guards shared by every Vitest project (architecture.md §4.8):
// business code must not depend on the machine's time zone, tests never reach the real network,
// and a console.error during a test fails it, so warnings from React or libraries are not ignored.
import net from 'node:net';
import { afterEach, beforeEach } from 'vitest';

process.env.TZ = 'UTC';

const loopback = /^(localhost|127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/i;

function targetHost(args: unknown[]): string | undefined {
  const [first, second] = args;
  if (Array.isArray(first)) return targetHost(first);
  if (first !== null && typeof first === 'object') {
    const options = first as { host?: string; path?: string };
    if (options.path !== undefined) return undefined; // Unix socket: local by definition
    return options.host ?? 'localhost';
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return typeof second === 'string' ? second : 'localhost';
  }
  return undefined;
}

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const host = targetHost(args);
  if (host !== undefined && !loopback.test(host)) {
    throw new Error(`Tests may not reach the network: connection to ${host} refused by test/setup/guards.ts`);
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

let consoleErrors: unknown[][] = [];
const originalConsoleError = console.error;

beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalConsoleError(...args);
  };
});

afterEach(() => {
  console.error = originalConsoleError;
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${consoleErrors.length} time(s) during the test: ${first}`);
  }
});
