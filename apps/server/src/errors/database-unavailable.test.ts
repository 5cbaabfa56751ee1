import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How Drizzle reports a failed query: its own error with the driver's as the cause. */
const fromDrizzle = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('which failures are a database outage (503) rather than a bug (500)', () => {
  it.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['host not found', withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
    [
      'PostgreSQL shutting down (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['PostgreSQL starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['connection exception class 08', withCode('connection failure', '08006')],
    ['a connection that broke', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
  ])('%s is an outage, also when Drizzle wraps it', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(fromDrizzle(error))).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('duplicate key value', '23505')],
    ['a syntax error (42601)', withCode('syntax error at or near', '42601')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['not an error at all', 'ECONNREFUSED'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(fromDrizzle(error))).toBe(false);
  });
});
