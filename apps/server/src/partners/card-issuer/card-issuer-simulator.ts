import { randomBytes, randomInt, randomUUID } from 'node:crypto';

/** A card as the issuer describes it to the app after the customer allowed the link. */
export interface IssuedCard {
  /** The issuer's id of the card holder. */
  readonly subject: string;
  readonly cardName: string;
  readonly last4: string;
  /** YYYY-MM. */
  readonly expiry: string;
  /** Whether the card earns points the customer may use (セゾンカードのポイント対象). */
  readonly pointsCard: boolean;
}

/** What the customer chose on the authorize screen. */
export type CardChoice = 'points-card' | 'non-points-card';

/** An authorization code lives this long (OAuth 2.0 recommends at most 10 minutes). */
export const codeTtlMs = 5 * 60_000;
/** A onetime token of the multi-factor step lives this long. */
export const onetimeTokenTtlMs = 10 * 60_000;

interface IssuedCode {
  readonly card: IssuedCard;
  readonly redirectUri: string;
  readonly expiresAt: number;
}

interface PendingMfa {
  readonly card: IssuedCard;
  readonly expiresAt: number;
  result: 'pending' | 'verified' | 'failed';
}

export type CodeExchange =
  | { readonly ok: true; readonly onetimeToken: string }
  | { readonly ok: false; readonly error: 'invalid_grant' | 'temporarily_unavailable' };

export type MfaOutcome =
  | { readonly ok: true; readonly card: IssuedCard }
  | { readonly ok: false; readonly error: 'mfa_not_completed' | 'temporarily_unavailable' };

const cardNames: Readonly<Record<CardChoice, string>> = {
  'points-card': 'セゾンカードインターナショナル',
  'non-points-card': 'セゾンコーポレートカード',
};

function secret(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The card issuer's side of the link, kept in memory: codes, onetime tokens and the maintenance switch.
 * A demo stand-in (PARTNER_SIMULATORS); a restart forgets links in progress, which then simply fail.
 */
export class CardIssuerSimulator {
  #maintenance = false;
  readonly #codes = new Map<string, IssuedCode>();
  readonly #mfa = new Map<string, PendingMfa>();

  get underMaintenance(): boolean {
    return this.#maintenance;
  }

  setMaintenance(on: boolean): void {
    this.#maintenance = on;
  }

  /** The customer allowed the link: a code for the app's redirect URI, naming a new card. */
  issueCode(choice: CardChoice, redirectUri: string, now: number): string {
    this.#sweep(now);
    const expiryYear = new Date(now).getUTCFullYear() + 5;
    const expiryMonth = String(randomInt(1, 13)).padStart(2, '0');
    const card: IssuedCard = {
      subject: randomUUID(),
      cardName: cardNames[choice],
      last4: String(randomInt(0, 10_000)).padStart(4, '0'),
      expiry: `${expiryYear}-${expiryMonth}`,
      pointsCard: choice === 'points-card',
    };
    const code = secret();
    this.#codes.set(code, { card, redirectUri, expiresAt: now + codeTtlMs });
    return code;
  }

  /** The token endpoint: a code is good once, for the redirect URI it was issued to. */
  exchangeCode(code: string, redirectUri: string, now: number): CodeExchange {
    if (this.#maintenance) return { ok: false, error: 'temporarily_unavailable' };
    const issued = this.#codes.get(code);
    this.#codes.delete(code);
    if (issued === undefined || issued.expiresAt <= now || issued.redirectUri !== redirectUri) {
      return { ok: false, error: 'invalid_grant' };
    }
    const onetimeToken = secret();
    this.#mfa.set(onetimeToken, { card: issued.card, expiresAt: now + onetimeTokenTtlMs, result: 'pending' });
    return { ok: true, onetimeToken };
  }

  /** Whether the multi-factor screen may be shown for this token. */
  hasPendingMfa(onetimeToken: string, now: number): boolean {
    const pending = this.#mfa.get(onetimeToken);
    return pending !== undefined && pending.expiresAt > now && pending.result === 'pending';
  }

  /** The customer's answer on the multi-factor screen. */
  completeMfa(onetimeToken: string, succeeded: boolean, now: number): boolean {
    const pending = this.#mfa.get(onetimeToken);
    if (pending === undefined || pending.expiresAt <= now || pending.result !== 'pending') return false;
    pending.result = succeeded ? 'verified' : 'failed';
    return true;
  }

  /** The app asks for the card once the multi-factor step is done; a token is good once. */
  mfaResult(onetimeToken: string, now: number): MfaOutcome {
    if (this.#maintenance) return { ok: false, error: 'temporarily_unavailable' };
    const pending = this.#mfa.get(onetimeToken);
    if (pending === undefined || pending.expiresAt <= now || pending.result !== 'verified') {
      if (pending?.result === 'failed') this.#mfa.delete(onetimeToken);
      return { ok: false, error: 'mfa_not_completed' };
    }
    this.#mfa.delete(onetimeToken);
    return { ok: true, card: pending.card };
  }

  #sweep(now: number): void {
    for (const [code, issued] of this.#codes) if (issued.expiresAt <= now) this.#codes.delete(code);
    for (const [token, pending] of this.#mfa) if (pending.expiresAt <= now) this.#mfa.delete(token);
  }
}
