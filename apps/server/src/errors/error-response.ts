import { asSentence, customerIssueMessage, ErrorCode, type ErrorBody } from '@fund/contracts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ServiceUnavailableError, ValidationError, type FieldIssue } from './app-error.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';

/** What a customer reads for any unexpected failure; the details stay in the log (spec §8). */
export const internalErrorMessage = 'エラーが発生しました。しばらく時間をおいて再度お試しください。';

export interface ErrorResponse {
  readonly statusCode: number;
  readonly body: ErrorBody;
  /** A failure we did not plan for: logged with its stack at error level. */
  readonly unexpected: boolean;
  /** The database cannot be reached: an outage, answered with Retry-After and logged once (issue 20). */
  readonly databaseUnavailable?: true;
}

/** How long a client waits before it tries again while the database cannot be reached. */
export const databaseRetryAfterSeconds = 5;

const clientErrors: Readonly<Record<number, { code: string; message: string }>> = {
  400: { code: ErrorCode.badRequest, message: 'リクエストの内容が正しくありません。' },
  401: { code: ErrorCode.unauthorized, message: '認証が必要です。もう一度ログインしてください。' },
  403: { code: ErrorCode.forbidden, message: 'この操作を行う権限がありません。' },
  404: { code: ErrorCode.notFound, message: 'お探しの情報が見つかりません。' },
  405: { code: ErrorCode.methodNotAllowed, message: 'この操作は許可されていません。' },
  408: { code: ErrorCode.requestTimeout, message: 'リクエストがタイムアウトしました。再度お試しください。' },
  409: { code: ErrorCode.conflict, message: '他の操作と競合しました。画面を更新して再度お試しください。' },
  413: { code: ErrorCode.payloadTooLarge, message: '送信されたデータが大きすぎます。' },
  415: {
    code: ErrorCode.unsupportedMediaType,
    message: '送信されたデータの形式（Content-Type）に対応していません。',
  },
  422: { code: ErrorCode.unprocessable, message: '送信された内容を処理できません。' },
  429: {
    code: ErrorCode.tooManyRequests,
    message: 'リクエストが多すぎます。しばらく時間をおいて再度お試しください。',
  },
};

interface ErrorLike {
  readonly code?: unknown;
  readonly statusCode?: unknown;
  readonly validation?: unknown;
  readonly validationContext?: unknown;
}

interface SchemaValidationIssue {
  readonly instancePath?: string;
  readonly message?: string;
}

/**
 * The refused fields of a schema validation. The messages are already the customer's sentences: the
 * schemas' own, or customerIssueMessage's (app.ts sets it as zod's message for every other issue).
 */
function fieldIssues(validation: readonly SchemaValidationIssue[], context: unknown): FieldIssue[] {
  const location = typeof context === 'string' ? context : 'body';
  return validation.map((issue) => ({
    location,
    field: (issue.instancePath ?? '').split('/').filter(Boolean).join('.'),
    message: issue.message ?? customerIssueMessage({ code: 'custom' }),
  }));
}

function isClientErrorStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 499;
}

/**
 * Maps anything thrown while handling a request to the status and the spec's `{ code, message }` body.
 * Only AppErrors with `expose` and known client errors carry their own message; everything else gets
 * the generic Japanese text, so no internal detail, stack or library message reaches the browser.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof ValidationError) {
    return {
      statusCode: error.statusCode,
      body: {
        code: error.code,
        message: error.message,
        fields: error.fields.map(({ field, message }) => ({ field, message: asSentence(message) })),
      },
      unexpected: false,
    };
  }

  if (error instanceof AppError) {
    const message = error.expose
      ? error.message
      : error.statusCode >= 500
        ? internalErrorMessage
        : (clientErrors[error.statusCode]?.message ?? internalErrorMessage);
    return {
      statusCode: error.statusCode,
      body: { code: error.code, message },
      unexpected: error.statusCode >= 500 && !error.expose,
    };
  }

  const candidate = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;

  if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(candidate.validation)) {
    const validation = (candidate.validation ?? []) as readonly SchemaValidationIssue[];
    return toErrorResponse(new ValidationError(fieldIssues(validation, candidate.validationContext)));
  }

  if (
    candidate.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (error instanceof SyntaxError && candidate.statusCode === 400)
  ) {
    return {
      statusCode: 400,
      body: { code: ErrorCode.badRequest, message: '送信されたデータを JSON として読み取れません。' },
      unexpected: false,
    };
  }

  if (candidate.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return {
      statusCode: 400,
      body: { code: ErrorCode.badRequest, message: '送信されたデータが空です。' },
      unexpected: false,
    };
  }

  if (isClientErrorStatus(candidate.statusCode)) {
    const status = candidate.statusCode;
    const known = clientErrors[status];
    return {
      statusCode: status,
      body: known ?? { code: `${status}-000`, message: 'リクエストを処理できません。' },
      unexpected: false,
    };
  }

  if (isDatabaseUnavailable(error)) {
    const unavailable = new ServiceUnavailableError();
    return {
      statusCode: unavailable.statusCode,
      body: { code: unavailable.code, message: unavailable.message },
      unexpected: false,
      databaseUnavailable: true,
    };
  }

  return {
    statusCode: 500,
    body: { code: ErrorCode.internal, message: internalErrorMessage },
    unexpected: true,
  };
}
