import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyLoggerOptions, FastifyServerOptions, RawServerDefault } from 'fastify';
import { stdSerializers, type DestinationStream, type LoggerOptions } from 'pino';
import type { LogLevel } from '../config/server-config.ts';

export const requestIdHeader = 'x-request-id';

/** Letters, digits and `._:-`, at most 128: safe to log and to echo in a header, wide enough for trace ids. */
const safeRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id of every log line of a request: a caller's (load balancer, web app) `x-request-id` is
 * kept so one id follows the request across services; anything that is not a safe token is replaced,
 * so log injection through the header is impossible.
 */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers[requestIdHeader];
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && safeRequestId.test(value) ? value : randomUUID();
}

const sensitiveQueryParameter = /code|token|state|verifier|password|secret|otp|assertion/i;

/** OAuth codes, tokens and the like arrive in query strings (spec §4); they must not end up in logs. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  const redacted = [...query.keys()].some((key) => sensitiveQueryParameter.test(key));
  if (!redacted) return url;
  for (const key of new Set(query.keys())) {
    if (sensitiveQueryParameter.test(key)) query.set(key, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${query.toString()}`;
}

export interface LoggerSettings {
  readonly level: LogLevel;
  /** Human-readable lines through pino-pretty; only for a developer's terminal. */
  readonly pretty?: boolean;
  /** Where JSON lines go instead of stdout (tests read the log this way). */
  readonly stream?: DestinationStream;
}

/** Drizzle's failed-query errors carry the statement's parameters: passwords' hashes, names, addresses. */
const parameterLine = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

type SerializedError = Record<string, unknown>;

function withoutParameters(error: SerializedError, depth = 0): SerializedError {
  const { params: _params, ...rest } = error;
  const { cause } = rest;
  return {
    ...rest,
    message: typeof rest.message === 'string' ? rest.message.replace(parameterLine, '') : rest.message,
    stack: typeof rest.stack === 'string' ? rest.stack.replace(parameterLine, '') : rest.stack,
    ...(cause !== null && typeof cause === 'object' && depth < 5
      ? { cause: withoutParameters(cause as SerializedError, depth + 1) }
      : {}),
  };
}

/**
 * Errors as pino writes them, minus the values a failed statement was run with (issue 13: a failed
 * insert logged the new password's hash). The statement itself stays: it tells operators what failed.
 */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  return withoutParameters(stdSerializers.err(error) as unknown as SerializedError) as ReturnType<
    typeof stdSerializers.err
  >;
}

type SerializedRequest = Record<string, unknown> & { method: string; url: string };

export function loggerOptions(
  settings: LoggerSettings,
): FastifyLoggerOptions<RawServerDefault> & LoggerOptions {
  return {
    level: settings.level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req(request: { method: string; url: string; host?: string; ip?: string }): SerializedRequest {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
    ...(settings.stream === undefined ? {} : { stream: settings.stream }),
    ...(settings.pretty === true
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', colorize: true },
          },
        }
      : {}),
  };
}

export function serverLoggingOptions(
  settings: LoggerSettings,
): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return { logger: loggerOptions(settings), genReqId: requestIdOf };
}
