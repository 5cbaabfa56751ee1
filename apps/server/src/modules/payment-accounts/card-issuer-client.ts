import { CardIssuerPath, cardIssuerClientId } from '@fund/contracts/paths';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The card as the issuer describes it once its multi-factor step is done. */
export interface IssuerCard {
  readonly subject: string;
  readonly cardName: string;
  readonly last4: string;
  readonly expiry: string;
  readonly pointsCard: boolean;
}

export type ExchangeResult =
  | { readonly ok: true; readonly onetimeToken: string }
  | { readonly ok: false; readonly reason: 'refused' | 'unavailable' };

export type MfaResult =
  | { readonly ok: true; readonly card: IssuerCard }
  | { readonly ok: false; readonly reason: 'not-completed' | 'unavailable' };

/** The card issuer's server-to-server calls the API makes (decision 018). */
export interface CardIssuerClient {
  /** Exchanges the authorization code the issuer returned with; the onetime token of its MFA step. */
  exchangeCode(code: string, redirectUri: string): Promise<ExchangeResult>;
  /** The card, once the customer passed the issuer's multi-factor step for this onetime token. */
  mfaResult(onetimeToken: string): Promise<MfaResult>;
  /** Whether the issuer's card service is under maintenance (points cannot be read or used then). */
  underMaintenance(): Promise<boolean>;
}

/** One HTTP exchange with the issuer: form-encoded body, JSON answer. */
export type IssuerTransport = (
  method: 'GET' | 'POST',
  path: string,
  form?: Readonly<Record<string, string>>,
) => Promise<{ status: number; body: unknown }>;

const tokenAnswer = z.object({ onetime_token: z.string().min(1).max(512), mfa_required: z.literal(true) });
const mfaAnswer = z.object({
  sub: z.string().min(1).max(256),
  card: z.object({
    name: z.string().min(1).max(100),
    last4: z.string().regex(/^[0-9]{4}$/),
    expiry: z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/),
    points_card: z.boolean(),
  }),
});
const statusAnswer = z.object({ maintenance: z.boolean() });

/** The issuer's protocol over a transport; anything unexpected counts as the service being unavailable. */
export function httpCardIssuerClient(transport: IssuerTransport): CardIssuerClient {
  async function call(method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
    try {
      return await transport(method, path, form);
    } catch {
      return { status: 503, body: undefined };
    }
  }
  return {
    async exchangeCode(code, redirectUri) {
      const answer = await call('POST', CardIssuerPath.token, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: cardIssuerClientId,
      });
      if (answer.status === 400) return { ok: false, reason: 'refused' };
      const parsed = tokenAnswer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) return { ok: false, reason: 'unavailable' };
      return { ok: true, onetimeToken: parsed.data.onetime_token };
    },
    async mfaResult(onetimeToken) {
      const answer = await call('POST', CardIssuerPath.mfaResult, {
        onetime_token: onetimeToken,
        client_id: cardIssuerClientId,
      });
      if (answer.status === 400) return { ok: false, reason: 'not-completed' };
      const parsed = mfaAnswer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) return { ok: false, reason: 'unavailable' };
      const { sub, card } = parsed.data;
      return {
        ok: true,
        card: {
          subject: sub,
          cardName: card.name,
          last4: card.last4,
          expiry: card.expiry,
          pointsCard: card.points_card,
        },
      };
    },
    async underMaintenance() {
      const answer = await call('GET', CardIssuerPath.status);
      const parsed = statusAnswer.safeParse(answer.body);
      return answer.status !== 200 || !parsed.success || parsed.data.maintenance;
    },
  };
}

/** The simulator's paths all start with this; the issuer's own API has the same paths under its base. */
const simulatorBase = '/partners/card-issuer';
/** A call the issuer has not answered by then counts as the card service being unavailable. */
const issuerTimeoutMs = 5_000;

/** The issuer's API at `baseUrl` (CARD_ISSUER_API_URL), over the network. */
export function fetchIssuerTransport(baseUrl: string, timeoutMs = issuerTimeoutMs): IssuerTransport {
  return async (method, path, form) => {
    const response = await fetch(`${baseUrl}${path.slice(simulatorBase.length)}`, {
      method,
      signal: AbortSignal.timeout(timeoutMs),
      ...(form === undefined
        ? {}
        : {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(form).toString(),
          }),
    });
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  };
}

/**
 * The issuer the API talks to: CARD_ISSUER_API_URL when set (required in production); else the simulator
 * under /partners/ when PARTNER_SIMULATORS is on, called through Fastify's injection (the same HTTP
 * requests, without a socket, so it works on any port and in tests); else none: every call answers that
 * the card service is unavailable (400-503), never a made-up card.
 */
export function cardIssuerClientFor(app: FastifyInstance): CardIssuerClient {
  const { cardIssuerApiUrl, simulators } = app.config.partners;
  if (cardIssuerApiUrl !== undefined) return httpCardIssuerClient(fetchIssuerTransport(cardIssuerApiUrl));
  if (!simulators) {
    return httpCardIssuerClient(async () => ({ status: 503, body: undefined }));
  }
  return httpCardIssuerClient(async (method, path, form) => {
    const response = await app.inject({
      method,
      url: path,
      ...(form === undefined
        ? {}
        : {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(form).toString(),
          }),
    });
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, body };
  });
}
