import { serviceInfo } from '@fund/contracts';
import type { DatabaseExecutor, WebauthnCredential } from '@fund/db';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { jstIsoDate } from '@fund/domain';
import { credentialChangedMail } from '../../../mail/mail-templates.ts';
import { inTransaction, requireCustomer, type MfaDependencies } from './mfa-context.ts';
import {
  consumeChallenge,
  deleteCredential,
  findCredentialByCredentialId,
  insertChallenge,
  insertCredential,
  listCredentials,
  recordCredentialUse,
} from './webauthn.repository.ts';

/** How long the browser may take, and how long the server keeps the challenge. */
const ceremonyTimeoutMilliseconds = 5 * 60_000;

export interface WebauthnSettings {
  /** Relying-party id (config `mfa.webauthnRpId`). */
  readonly rpId: string;
  /** The only origin responses may come from (config `mfa.webauthnOrigin`, i.e. PUBLIC_ORIGIN). */
  readonly origin: string;
}

/** A passkey as the customer sees it in the list. */
export interface PasskeySummary {
  readonly id: string;
  readonly name: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  /** Synced between devices (multi-device passkey). */
  readonly synced: boolean;
  readonly transports: readonly string[];
}

export type PasskeyFailure =
  /** No unused, unexpired challenge of this attempt matches the response (replay, expiry, other attempt). */
  | 'challenge'
  /** Unknown credential, or one of another customer than the attempt's. */
  | 'credential'
  /** Signature, origin, RP ID, user verification or format check failed. */
  | 'verification'
  /** The signature counter did not grow: possibly a cloned authenticator. */
  | 'counter'
  /** The authenticator is already registered. */
  | 'duplicate';

export type PasskeyRegistration =
  | { readonly ok: true; readonly passkey: PasskeySummary }
  | { readonly ok: false; readonly reason: PasskeyFailure };

export type PasskeyAuthentication =
  | { readonly ok: true; readonly customerId: string; readonly passkeyId: string }
  | { readonly ok: false; readonly reason: PasskeyFailure };

function summary(row: WebauthnCredential): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    synced: row.deviceType === 'multiDevice',
    transports: row.transports,
  };
}

/** The challenge a response signed, read from its clientDataJSON; undefined when unreadable. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const clientData = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof clientData.challenge === 'string' ? clientData.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** WebAuthn user handle: the customer id's 16 bytes, which carry no personal data. */
function userHandle(customerId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(customerId.replaceAll('-', ''), 'hex'));
}

/**
 * Passkeys (WebAuthn) for sign-in and step-up (security.md 19): the challenge is kept on the server per
 * attempt and consumed by the first verification, whatever its outcome; origin and RP ID come from the
 * configuration; user verification is required at registration and at every use.
 */
export class WebauthnService {
  readonly #dependencies: MfaDependencies;
  readonly #settings: WebauthnSettings;

  constructor(dependencies: MfaDependencies, settings: WebauthnSettings) {
    this.#dependencies = dependencies;
    this.#settings = settings;
  }

  /** Options for `navigator.credentials.create()`, for a signed-in customer adding a passkey. */
  async registrationOptions(
    input: { readonly customerId: string; readonly attemptId: string },
    executor?: DatabaseExecutor,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const run = executor ?? this.#dependencies.db;
    const customer = await requireCustomer(run, input.customerId);
    const existing = await listCredentials(run, input.customerId);
    const options = await generateRegistrationOptions({
      rpName: serviceInfo.name,
      rpID: this.#settings.rpId,
      userID: userHandle(customer.id),
      userName: customer.accountNumber,
      userDisplayName: customer.displayName,
      timeout: ceremonyTimeoutMilliseconds,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      // discoverable, so the passkey alone can start a sign-in; verified, so it is a real second factor
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.#storeChallenge('registration', input.attemptId, input.customerId, options.challenge, run);
    return options;
  }

  /** Checks the browser's answer to `registrationOptions` and stores the passkey; notifies the customer. */
  async verifyRegistration(input: {
    readonly customerId: string;
    readonly attemptId: string;
    readonly response: RegistrationResponseJSON;
    /** Customer-chosen name; default 「パスキー（YYYY-MM-DD 登録）」. */
    readonly name?: string | undefined;
  }): Promise<PasskeyRegistration> {
    const { db, clock, mailer } = this.#dependencies;
    const now = clock.now();
    const challenge = signedChallenge(input.response.response.clientDataJSON);
    const issued =
      challenge === undefined
        ? undefined
        : await consumeChallenge(db, 'registration', input.attemptId, challenge, now);
    if (challenge === undefined || issued === undefined || issued.customerId !== input.customerId) {
      return { ok: false, reason: 'challenge' };
    }

    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge,
        expectedOrigin: this.#settings.origin,
        expectedRPID: this.#settings.rpId,
        requireUserPresence: true,
        requireUserVerification: true,
      });
    } catch {
      return { ok: false, reason: 'verification' };
    }
    if (!verification.verified) return { ok: false, reason: 'verification' };
    const info = verification.registrationInfo;

    const name = input.name?.trim() || `パスキー（${jstIsoDate(now)} 登録）`;
    return inTransaction(this.#dependencies, undefined, async (tx) => {
      const row = await insertCredential(tx, {
        customerId: input.customerId,
        credentialId: info.credential.id,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        name: name.slice(0, 100),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        createdAt: now,
      });
      if (row === undefined) return { ok: false, reason: 'duplicate' } as const;
      const customer = await requireCustomer(tx, input.customerId);
      await mailer.enqueue(
        {
          to: customer.email,
          ...credentialChangedMail({ change: 'passkey-added', at: now, detail: row.name }),
        },
        tx,
      );
      return { ok: true, passkey: summary(row) } as const;
    });
  }

  /**
   * Options for `navigator.credentials.get()`. With `customerId` (step-up, second factor) only that
   * customer's passkeys are offered and accepted; without it (passkey sign-in) any discoverable one.
   */
  async authenticationOptions(
    input: { readonly attemptId: string; readonly customerId?: string | undefined },
    executor?: DatabaseExecutor,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const run = executor ?? this.#dependencies.db;
    const allowed = input.customerId === undefined ? [] : await listCredentials(run, input.customerId);
    const options = await generateAuthenticationOptions({
      rpID: this.#settings.rpId,
      timeout: ceremonyTimeoutMilliseconds,
      userVerification: 'required',
      allowCredentials: allowed.map((row) => ({ id: row.credentialId, transports: row.transports })),
    });
    await this.#storeChallenge(
      'authentication',
      input.attemptId,
      input.customerId ?? null,
      options.challenge,
      run,
    );
    return options;
  }

  /** Checks the browser's answer to `authenticationOptions`; on success the customer is who signed. */
  async verifyAuthentication(input: {
    readonly attemptId: string;
    readonly response: AuthenticationResponseJSON;
  }): Promise<PasskeyAuthentication> {
    const { db, clock } = this.#dependencies;
    const now = clock.now();
    const challenge = signedChallenge(input.response.response.clientDataJSON);
    const issued =
      challenge === undefined
        ? undefined
        : await consumeChallenge(db, 'authentication', input.attemptId, challenge, now);
    if (challenge === undefined || issued === undefined) return { ok: false, reason: 'challenge' };

    const credential = await findCredentialByCredentialId(db, input.response.id);
    if (
      credential === undefined ||
      (issued.customerId !== null && issued.customerId !== credential.customerId)
    ) {
      return { ok: false, reason: 'credential' };
    }

    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response: input.response,
        expectedChallenge: challenge,
        expectedOrigin: this.#settings.origin,
        expectedRPID: this.#settings.rpId,
        credential: {
          id: credential.credentialId,
          publicKey: isoBase64URL.toBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports,
        },
        requireUserVerification: true,
      });
    } catch {
      return { ok: false, reason: 'verification' };
    }
    if (!verification.verified) return { ok: false, reason: 'verification' };

    const { newCounter, credentialBackedUp } = verification.authenticationInfo;
    if (!(await recordCredentialUse(db, credential.id, newCounter, credentialBackedUp, now))) {
      return { ok: false, reason: 'counter' };
    }
    return { ok: true, customerId: credential.customerId, passkeyId: credential.id };
  }

  async list(customerId: string, executor?: DatabaseExecutor): Promise<PasskeySummary[]> {
    return (await listCredentials(executor ?? this.#dependencies.db, customerId)).map(summary);
  }

  /** Deletes one of the customer's passkeys and notifies; false if the customer has no such passkey. */
  async delete(customerId: string, passkeyId: string, executor?: DatabaseExecutor): Promise<boolean> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(passkeyId)) return false;
    return inTransaction(this.#dependencies, executor, async (tx) => {
      const removed = await deleteCredential(tx, customerId, passkeyId);
      if (removed === undefined) return false;
      const customer = await requireCustomer(tx, customerId);
      await this.#dependencies.mailer.enqueue(
        {
          to: customer.email,
          ...credentialChangedMail({
            change: 'passkey-removed',
            at: this.#dependencies.clock.now(),
            detail: removed.name,
          }),
        },
        tx,
      );
      return true;
    });
  }

  async #storeChallenge(
    ceremony: 'registration' | 'authentication',
    attemptId: string,
    customerId: string | null,
    challenge: string,
    executor: DatabaseExecutor,
  ): Promise<void> {
    const now = this.#dependencies.clock.now();
    await insertChallenge(executor, {
      ceremony,
      attemptId,
      customerId,
      challenge,
      expiresAt: new Date(now.getTime() + ceremonyTimeoutMilliseconds),
      createdAt: now,
    });
  }
}
