import { createHash } from 'node:crypto';
import { idempotencyKeyHeader, idempotencyKeyPattern, TradingErrorCode } from '@fund/contracts';
import type { Database, Transaction } from '@fund/db';
import type { FastifyRequest } from 'fastify';
import { AppError, ConflictError } from '../errors/app-error.ts';
import { findStoredAnswer, recordKey, storeAnswer } from './idempotency.repository.ts';

/**
 * Idempotency-Key of creating calls (security.md 25), shared by the modules that create things:
 * - the header is required: 1-100 visible ASCII characters, else 400-200;
 * - the first request with a key inserts its `idempotency_records` row (customer, key, hash of method, path
 *   and canonical body) in the same transaction as the work and stores the answer there before commit,
 *   so a crash leaves neither the work nor the key;
 * - the same key and body replay the stored status and body (no second order); the same key with another
 *   request answers 422-201;
 * - two concurrent requests with one key: the second INSERT waits for the first transaction (unique key),
 *   then finds its committed row and replays it; should it find none, 409-203.
 * Order placements write the record last, with the answer, in their one write statement
 * (`runWithKeyRetry`, decision 010); the rules above hold for them as well.
 * Refused requests (4xx thrown by the work) roll back and leave no key: the customer may retry.
 */

export class IdempotencyError extends AppError {
  override readonly name = 'IdempotencyError';

  constructor(code: TradingErrorCode, message: string) {
    super(code, message);
  }
}

/** The validated Idempotency-Key header of a request; 400-200 when missing or malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[idempotencyKeyHeader];
  if (typeof value !== 'string' || !idempotencyKeyPattern.test(value)) {
    throw new IdempotencyError(
      TradingErrorCode.idempotencyKeyRequired,
      'Idempotency-Key ヘッダー（半角英数記号1〜100文字）を指定してください。',
    );
  }
  return value;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, entry]) => [key, canonical(entry)]),
    );
  }
  return typeof value === 'bigint' ? value.toString() : value;
}

/** SHA-256 of method, path and the body with its keys sorted. */
export function requestHashOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${JSON.stringify(canonical(body ?? null))}`)
    .digest('hex');
}

export interface IdempotentAnswer<T> {
  readonly status: number;
  readonly body: T;
  /** True when the stored answer of an earlier request was replayed. */
  readonly replayed: boolean;
}

interface DriverError {
  readonly code?: unknown;
  readonly constraint?: unknown;
  readonly cause?: unknown;
}

/** The PostgreSQL SQLSTATE of an error or of its causes (drizzle wraps the driver's error). */
export function sqlStateOf(error: unknown): { code: string; constraint: string | undefined } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const candidate = current as DriverError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * Runs `work` in a transaction guarded by the request's Idempotency-Key and returns its answer, or the
 * stored answer of the first request with that key. `work` returns the status and JSON body to send.
 */
export async function runIdempotent<T>(
  db: Database,
  scope: { readonly customerId: string; readonly key: string; readonly requestHash: string },
  work: (tx: Transaction) => Promise<{ status: number; body: T }>,
  mapError: (error: unknown) => unknown = (error) => error,
): Promise<IdempotentAnswer<T>> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await recordKey(tx, scope, scope.requestHash))) return replay<T>(tx, scope);
      const answer = await work(tx);
      await storeAnswer(tx, scope, answer);
      return { ...answer, replayed: false };
    });
  } catch (error) {
    throw idempotencyFailure(error, mapError);
  }
}

const inProgressMessage =
  '同じ Idempotency-Key のリクエストを処理中です。しばらくしてから結果をご確認ください。';

/** The error a failed idempotent transaction answers with. */
function idempotencyFailure(error: unknown, mapError: (error: unknown) => unknown): unknown {
  const state = sqlStateOf(error);
  // serialization failure or deadlock
  if (state !== undefined && ['40001', '40P01'].includes(state.code)) {
    return new ConflictError(undefined, { cause: error });
  }
  if (isKeyTaken(error, [recordKeyConstraint])) {
    return new IdempotencyError(TradingErrorCode.idempotencyInProgress, inProgressMessage);
  }
  return mapError(error);
}

const recordKeyConstraint = 'idempotency_records_customer_id_key_pk';
/** An order placed with the request's key (`api:<key>`) has its own unique key. */
const orderKeyConstraint = 'orders_customer_id_idempotency_key_unique';

function isKeyTaken(error: unknown, constraints: readonly string[]): boolean {
  const state = sqlStateOf(error);
  return state?.code === '23505' && constraints.includes(state.constraint ?? '');
}

/** A request's idempotency record as stored, for `answerOfStored`. */
export interface StoredAnswer {
  readonly requestHash: string;
  /** Null while the request that wrote the record (before its work) is still running. */
  readonly status: number | null;
  readonly body: unknown;
}

/** The stored answer replayed for a request with the same key and body; 422-201 for another body. */
export function answerOfStored<T>(stored: StoredAnswer, requestHash: string): IdempotentAnswer<T> {
  if (stored.status === null) {
    throw new IdempotencyError(TradingErrorCode.idempotencyInProgress, inProgressMessage);
  }
  if (stored.requestHash !== requestHash) {
    throw new IdempotencyError(
      TradingErrorCode.idempotencyKeyReused,
      'この Idempotency-Key は別の内容のリクエストで使用済みです。新しいキーで送信してください。',
    );
  }
  return { status: stored.status, body: stored.body as T, replayed: true };
}

/**
 * Runs `attempt`, a transaction that looks the request's key up in its first statement and writes the
 * record with its answer in its last (the orders API's buy, decision 010). A concurrent request with the
 * same key that commits first makes the last statement fail on the unique key: the attempt is then run
 * once more, and finds that request's answer to replay.
 */
export async function runWithKeyRetry<T>(
  attempt: () => Promise<T>,
  mapError: (error: unknown) => unknown = (error) => error,
): Promise<T> {
  try {
    try {
      return await attempt();
    } catch (error) {
      if (!isKeyTaken(error, [recordKeyConstraint, orderKeyConstraint])) throw error;
      return await attempt();
    }
  } catch (error) {
    throw idempotencyFailure(error, mapError);
  }
}

async function replay<T>(
  tx: Transaction,
  scope: { readonly customerId: string; readonly key: string; readonly requestHash: string },
): Promise<IdempotentAnswer<T>> {
  const stored = await findStoredAnswer(tx, scope);
  if (stored === undefined) {
    throw new IdempotencyError(TradingErrorCode.idempotencyInProgress, inProgressMessage);
  }
  return answerOfStored(stored, scope.requestHash);
}
