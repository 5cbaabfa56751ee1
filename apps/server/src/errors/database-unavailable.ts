/** Socket errors of a database that cannot be reached (refused, reset, timed out, not resolvable). */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL's own answers while it cannot serve: class 08 (connection exception), 57P01–57P03 (shutting
 * down, crashed, starting up) and 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/** node-postgres's messages for a connection that broke or could not be made in time. */
const brokenConnection =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether a failure means the database is unreachable rather than that the request or our code is wrong:
 * an outage to answer with 503 and Retry-After, not a 500. Drizzle wraps the driver's error, so the
 * cause chain is followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (networkCodes.has(code) || isUnavailableSqlState(code))) return true;
    if (brokenConnection.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
