import {
  ErrorCode,
  joinFieldMessages,
  maintenanceErrorBody,
  statusOfErrorCode,
  type CardLinkErrorCode,
  type PlanErrorCode,
  type SaisonConnectErrorCode,
  type TradingErrorCode,
} from '@fund/contracts';

/** Every code the API answers with: the shared list and the codes of a feature (first three digits = status). */
export type ApiErrorCode =
  ErrorCode | TradingErrorCode | PlanErrorCode | SaisonConnectErrorCode | CardLinkErrorCode;

export interface AppErrorOptions {
  /** Whether `message` may be sent to the client. Defaults to true below 500 and false from 500 on. */
  readonly expose?: boolean;
  readonly cause?: unknown;
}

/**
 * An error the API answers deliberately: HTTP status and stable code (first three digits of the code are
 * the status, spec §8), a Japanese message for the customer, and whether that message may be shown.
 * The error handler turns it into the spec's `{ code, message }` body; anything that is not an AppError
 * is treated as an unexpected failure and answered with a generic 500.
 */
export class AppError extends Error {
  override readonly name: string = 'AppError';
  /** `statusCode`, as Fastify names it, so Fastify's own fallbacks also pick the right status. */
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  readonly expose: boolean;

  constructor(code: ApiErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.statusCode = statusOfErrorCode(code);
    this.expose = options.expose ?? this.statusCode < 500;
  }
}

export class BadRequestError extends AppError {
  override readonly name = 'BadRequestError';

  constructor(message = 'リクエストの内容が正しくありません。', options?: AppErrorOptions) {
    super(ErrorCode.badRequest, message, options);
  }
}

/** One invalid input field, for the message, the answer's field list and the logs. */
export interface FieldIssue {
  /** Where the field is: body, querystring, params or headers. */
  readonly location: string;
  /** Its path there, e.g. `amount` or `plans.0.amount`; '' for the whole body or query. */
  readonly field: string;
  /** A sentence for the customer, naming the field as the screens do. */
  readonly message: string;
}

export class ValidationError extends AppError {
  override readonly name = 'ValidationError';
  readonly fields: readonly FieldIssue[];

  constructor(fields: readonly FieldIssue[], options?: AppErrorOptions) {
    super(ErrorCode.badRequest, ValidationError.describe(fields), options);
    this.fields = fields;
  }

  /** The customer's sentences, field by field, without paths (issue 13 point 11). */
  static describe(fields: readonly FieldIssue[]): string {
    return fields.length === 0
      ? '入力内容に誤りがあります。'
      : joinFieldMessages(fields.map((issue) => issue.message));
  }
}

export class UnauthorizedError extends AppError {
  override readonly name = 'UnauthorizedError';

  constructor(message = '認証が必要です。もう一度ログインしてください。', options?: AppErrorOptions) {
    super(ErrorCode.unauthorized, message, options);
  }
}

export class ForbiddenError extends AppError {
  override readonly name = 'ForbiddenError';

  constructor(message = 'この操作を行う権限がありません。', options?: AppErrorOptions) {
    super(ErrorCode.forbidden, message, options);
  }
}

export class NotFoundError extends AppError {
  override readonly name = 'NotFoundError';

  constructor(message = 'お探しの情報が見つかりません。', options?: AppErrorOptions) {
    super(ErrorCode.notFound, message, options);
  }
}

export class ConflictError extends AppError {
  override readonly name = 'ConflictError';

  constructor(
    message = '他の操作と競合しました。画面を更新して再度お試しください。',
    options?: AppErrorOptions,
  ) {
    super(ErrorCode.conflict, message, options);
  }
}

/** Maintenance in effect: 503 with the code the web app turns into the maintenance screen (spec §8). */
export class MaintenanceError extends AppError {
  override readonly name = 'MaintenanceError';

  constructor(options?: AppErrorOptions) {
    super(maintenanceErrorBody.code, maintenanceErrorBody.message, { expose: true, ...options });
  }
}

/** A dependency (database, built web app) is unavailable; the message is meant for the client. */
export class ServiceUnavailableError extends AppError {
  override readonly name = 'ServiceUnavailableError';

  constructor(
    message = 'ただいまサービスをご利用いただけません。しばらく時間をおいて再度お試しください。',
    options?: AppErrorOptions,
  ) {
    super(ErrorCode.serviceUnavailable, message, { expose: true, ...options });
  }
}
