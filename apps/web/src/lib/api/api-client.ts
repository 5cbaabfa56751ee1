import { actAsHeader, errorCodeOf, errorTextOf, readReceivedErrorBody } from '@fund/contracts';
import { useUiStore } from '../store/ui-store';
import { ApiErrorMessage } from './error-messages';

// One client for every service the app calls (spec §7). No zod here: this module is in the first bundle
// (performance.md), so error bodies are read with the zod-free reader of the contracts.

export interface RequestOptions {
  /** Query parameters; empty values ('' / null / undefined) are omitted (spec §5). */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Spec §8 pass-through: error codes (starting with 40) thrown without a toast; 'any' for all of them. */
  passThrough?: readonly string[] | 'any';
  /**
   * No toast at all, whatever the failure (40x, 500, no answer): the root loading's calls, whose failures
   * spec §8 swallows silently. A 503 still shows the maintenance screen.
   */
  silent?: boolean;
  /** Overrides the default retry count (spec §7: 1 for GET/HEAD/OPTIONS, 0 for POST/PUT/PATCH/DELETE). */
  retries?: number;
  signal?: AbortSignal;
  /** Default true: the bearer header from getAccessToken(). */
  authenticated?: boolean;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, options?: RequestOptions): Promise<T>;
  put<T>(path: string, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Multipart upload (POST); decodeText resolves with the response text instead of JSON. */
  upload<T>(path: string, form: FormData, options?: RequestOptions & { decodeText?: boolean }): Promise<T>;
}

/** A service answered with an error status. The toast (if any) has already been shown when this is thrown. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** `type` or `code` of the error body (spec §8); the HTTP status when the body carries neither. */
  readonly code: string;
  /** `detail` or `message` of the error body; '' when it has neither. */
  readonly detail: string;
  /** The parsed error body (the raw text if it was not JSON, undefined if it was empty). */
  readonly body: unknown;

  constructor(status: number, code: string, detail: string, body: unknown) {
    super(detail === '' ? `API error ${code}` : `API error ${code}: ${detail}`);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.body = body;
  }
}

/** The call got no answer (fetch rejected): offline, DNS, CORS, connection reset. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export interface ApiClientConfig {
  /** The service's base URL, without trailing slash (config/env.ts); paths are appended to it. */
  readonly baseUrl: string;
  /** A valid access token; called before every authenticated attempt (spec §7: refreshed before each call). */
  readonly getAccessToken: () => Promise<string>;
  /** Defaults to the global fetch, looked up at call time. */
  readonly fetch?: typeof fetch;
  /** E.g. 'include' for the identity service (spec §7: credentials included). */
  readonly credentials?: RequestCredentials;
  /** The operator's act-as customer, sent as the `user-id` header when defined. */
  readonly getActedForCustomer?: () => string | undefined;
  /** Pause before a retry when the answer has no usable Retry-After. */
  readonly retryDelayMs?: number;
  /** Retry-After is honoured up to this many milliseconds (a longer wait is cut to it). */
  readonly maxRetryAfterMs?: number;
}

/** Statuses retried (spec §7). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const NON_MUTATING_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
export const DEFAULT_RETRY_DELAY_MS = 300;
export const MAX_RETRY_AFTER_MS = 2000;

/** Spec §7: once for non-mutating methods, never for POST, PUT, PATCH, DELETE unless set. */
export function defaultRetries(method: string): number {
  return NON_MUTATING_METHODS.has(method.toUpperCase()) ? 1 : 0;
}

/** The query string of a call, empty values left out (spec §5). */
export function buildQuery(query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(name, String(value));
  }
  return params.toString();
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  const search = buildQuery(query);
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/** Milliseconds to wait before a retry: Retry-After (seconds or HTTP date) up to the cap, else the fixed delay. */
export function retryDelayOf(
  retryAfter: string | null,
  fixedDelayMs: number,
  capMs: number,
  now: number = Date.now(),
): number {
  if (retryAfter === null || retryAfter.trim() === '') return fixedDelayMs;
  const value = retryAfter.trim();
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const date = Date.parse(value);
    if (Number.isNaN(date)) return fixedDelayMs;
    ms = date - now;
  }
  return Math.min(Math.max(ms, 0), capMs);
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted === true) return true;
  // a DOMException is not always an Error (realms), so the name decides
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function networkFailure(cause: unknown, silent: boolean | undefined): NetworkError {
  if (silent !== true) useUiStore.getState().showToast(ApiErrorMessage.network);
  return new NetworkError('Network error', { cause });
}

function passesThrough(code: string, passThrough: RequestOptions['passThrough']): boolean {
  if (passThrough === undefined) return false;
  return passThrough === 'any' || passThrough.includes(code);
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The error catalogue of spec §8, applied to an error answer: the code comes from `type` or `code` in
 * the body. 40x: toast with `detail` or `message`, unless the call passes the code through; 500x: the
 * generic toast; 503x: the maintenance screen. The error is thrown in every case.
 */
export async function apiErrorOf(
  response: Response,
  passThrough?: RequestOptions['passThrough'],
  silent?: boolean,
): Promise<ApiError> {
  const body = parseBody(await response.text().catch(() => ''));
  const received = readReceivedErrorBody(body) ?? {};
  const code = errorCodeOf(received) ?? String(response.status);
  const detail = errorTextOf(received) ?? '';
  const ui = useUiStore.getState();
  if (code.startsWith('503')) {
    ui.setMaintenance(true);
  } else if (silent === true) {
    // the caller reports nothing: spec §8, root loading
  } else if (code.startsWith('40')) {
    if (!passesThrough(code, passThrough)) ui.showToast(detail === '' ? ApiErrorMessage.server : detail);
  } else if (code.startsWith('500')) {
    ui.showToast(ApiErrorMessage.server);
  }
  return new ApiError(response.status, code, detail, body);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function createApiClient(config: ApiClientConfig): ApiClient {
  const fixedDelayMs = config.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const capMs = config.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;

  async function headersFor(options: RequestOptions, json: boolean): Promise<Headers> {
    const headers = new Headers({ accept: 'application/json' });
    if (json) headers.set('content-type', 'application/json');
    const actedForCustomer = config.getActedForCustomer?.();
    if (actedForCustomer !== undefined && actedForCustomer !== '') headers.set(actAsHeader, actedForCustomer);
    if (options.authenticated ?? true) {
      headers.set('authorization', `Bearer ${await config.getAccessToken()}`);
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    return headers;
  }

  async function request<T>(
    method: Method,
    path: string,
    options: RequestOptions,
    body: BodyInit | undefined,
    json: boolean,
    decodeText: boolean,
  ): Promise<T> {
    const url = buildUrl(config.baseUrl, path, options.query);
    const retries = Math.max(0, options.retries ?? defaultRetries(method));
    const { signal } = options;
    for (let attempt = 0; ; attempt += 1) {
      const init: RequestInit = { method, headers: await headersFor(options, json), body, signal };
      if (config.credentials !== undefined) init.credentials = config.credentials;
      let response: Response;
      try {
        response = await (config.fetch ?? globalThis.fetch)(url, init);
      } catch (error) {
        if (isAbort(error, signal)) throw error;
        // like a 5xx, no answer at all is retried where the method allows it
        if (attempt < retries) {
          await wait(fixedDelayMs, signal);
          continue;
        }
        throw networkFailure(error, options.silent);
      }
      if (response.ok) {
        if (response.status === 204 || response.status === 205) return undefined as T;
        let text: string;
        try {
          text = await response.text();
        } catch (error) {
          if (isAbort(error, signal)) throw error;
          throw networkFailure(error, options.silent);
        }
        if (decodeText) return text as T;
        return (text === '' ? undefined : JSON.parse(text)) as T;
      }
      if (attempt < retries && RETRY_STATUSES.has(response.status)) {
        // the body of an answer that will be retried is dropped, without waiting: some stream
        // implementations (jsdom with MSW) never settle the cancel of a body nobody started reading
        void response.body?.cancel().catch(() => undefined);
        await wait(retryDelayOf(response.headers.get('retry-after'), fixedDelayMs, capMs), signal);
        continue;
      }
      throw await apiErrorOf(response, options.passThrough, options.silent);
    }
  }

  const jsonCall =
    (method: Method) =>
    <T>(path: string, options: RequestOptions = {}): Promise<T> => {
      const json = options.body !== undefined;
      return request<T>(method, path, options, json ? JSON.stringify(options.body) : undefined, json, false);
    };

  return {
    get: jsonCall('GET'),
    post: jsonCall('POST'),
    put: jsonCall('PUT'),
    patch: jsonCall('PATCH'),
    delete: jsonCall('DELETE'),
    // no content-type: the browser writes multipart/form-data with its boundary
    upload: <T>(path: string, form: FormData, options: RequestOptions & { decodeText?: boolean } = {}) =>
      request<T>('POST', path, options, form, false, options.decodeText ?? false),
  };
}
