import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PartnersConfig } from '../config/partners-config.ts';
import { uuidPattern } from '../shared/uuid.ts';

/**
 * What the service hands to the outside sites (spec §7 "Outbound hand-offs") and what it accepts back:
 * the keyed `hashed_user_id`, short-lived signed tickets for the electronic trade reports, and the paths
 * of the simulators. Shared by the modules that build the links (accounts, balance) and the simulators
 * that read them, so both sides use one key and one format.
 */

/** Public, for development and tests only: production refuses to start without PARTNER_HASH_KEY. */
const developmentHashKey = 'development-partner-hash-key--not-a-secret--0001';

/** Simulator pages (partners.routes.ts). */
export const PartnerPath = {
  stylesheet: '/partners/partners.css',
  accountOpening: '/partners/account-opening',
  accountUpdate: '/partners/account-update',
  tradeReports: '/partners/trade-reports',
  /** One document of the list, opened with the list's ticket. */
  tradeReportDocument: '/partners/trade-reports/documents/:id',
} as const;

/** A trade-report link works for 10 minutes: long enough to open it, short enough not to be a key. */
export const tradeReportTicketTtlSeconds = 10 * 60;

/** A signed form of the account-update simulator stays valid this long. */
export const formTokenTtlSeconds = 30 * 60;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class PartnerLinks {
  readonly #hashKey: string;
  readonly #ticketKey: Buffer;
  readonly #formKey: Buffer;
  readonly #publicOrigin: string;
  readonly #tradeReportsUrl: string | undefined;

  constructor(config: Pick<PartnersConfig, 'hashKey' | 'tradeReportsUrl'>, publicOrigin: string) {
    this.#hashKey = config.hashKey ?? developmentHashKey;
    // separate keys per use, derived from the one secret: a hashed user id is never a valid signature
    this.#ticketKey = createHmac('sha256', this.#hashKey).update('trade-report-ticket').digest();
    this.#formKey = createHmac('sha256', this.#hashKey).update('partner-form-token').digest();
    this.#publicOrigin = publicOrigin;
    this.#tradeReportsUrl = config.tradeReportsUrl;
  }

  /** `hashed_user_id`: hex HMAC-SHA256 of the customer id, so partners never see the id or account number. */
  hashedUserId(customerId: string): string {
    return createHmac('sha256', this.#hashKey).update(customerId).digest('hex');
  }

  /** A ticket naming the customer, valid until `now` + 10 minutes: `<customer id>.<expiry s>.<signature>`. */
  tradeReportTicket(customerId: string, now: Date): string {
    const expiresAt = Math.floor(now.getTime() / 1000) + tradeReportTicketTtlSeconds;
    const payload = `${customerId}.${expiresAt}`;
    return `${payload}.${this.#sign(this.#ticketKey, payload)}`;
  }

  /** The customer a ticket names, or undefined when it is malformed, forged or expired. */
  verifyTradeReportTicket(ticket: string, now: Date): string | undefined {
    const [customerId = '', expiresAt = '', signature = '', ...rest] = ticket.split('.');
    if (rest.length > 0 || !uuidPattern.test(customerId) || !/^\d{1,12}$/.test(expiresAt)) return undefined;
    if (!sameText(signature, this.#sign(this.#ticketKey, `${customerId}.${expiresAt}`))) return undefined;
    return Number(expiresAt) * 1000 > now.getTime() ? customerId : undefined;
  }

  /** Where the customer reads the 電子交付書面: the simulator page, with a fresh ticket. */
  tradeReportUrl(customerId: string, now: Date): string {
    const url = new URL(this.#tradeReportsUrl ?? new URL(PartnerPath.tradeReports, this.#publicOrigin).href);
    url.searchParams.set('ticket', this.tradeReportTicket(customerId, now));
    return url.href;
  }

  formToken(customerId: string, callbackPath: string, now: Date): string {
    const expiresAt = Math.floor(now.getTime() / 1000) + formTokenTtlSeconds;
    const payload = `${customerId}.${expiresAt}`;
    return `${payload}.${this.#sign(this.#formKey, `${payload}.${callbackPath}`)}`;
  }

  /** The customer of a form token posted with `callbackPath`, or undefined. */
  verifyFormToken(token: string, callbackPath: string, now: Date): string | undefined {
    const [customerId = '', expiresAt = '', signature = '', ...rest] = token.split('.');
    if (rest.length > 0 || !uuidPattern.test(customerId) || !/^\d{1,12}$/.test(expiresAt)) return undefined;
    const expected = this.#sign(this.#formKey, `${customerId}.${expiresAt}.${callbackPath}`);
    if (!sameText(signature, expected)) return undefined;
    return Number(expiresAt) * 1000 > now.getTime() ? customerId : undefined;
  }

  #sign(key: Buffer, payload: string): string {
    return createHmac('sha256', key).update(payload).digest('base64url');
  }
}

/**
 * A return path on our own origin: starts with exactly one '/' and has no backslash or control
 * character (browsers read `/\evil` and `//evil` as other hosts). Anything else becomes '/'.
 */
export function safeCallbackPath(value: string | undefined): string {
  if (value === undefined || !value.startsWith('/') || value.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value) || value.length > 2048) return '/';
  return value;
}
