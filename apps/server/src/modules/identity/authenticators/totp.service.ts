import { serviceInfo } from '@fund/contracts';
import type { DatabaseExecutor } from '@fund/db';
import { generateSecret, generateURI, verify } from 'otplib';
import { ConflictError, NotFoundError } from '../../../errors/app-error.ts';
import { credentialChangedMail } from '../../../mail/mail-templates.ts';
import { decryptSecret, encryptSecret, type MfaKeys } from './mfa-crypto.ts';
import { inTransaction, requireCustomer, type MfaDependencies } from './mfa-context.ts';
import { deleteTotpCredential, findTotpCredential, savePendingTotp, useTotpStep } from './totp.repository.ts';

/** RFC 6238 defaults, which every authenticator app supports: SHA-1, 6 digits, 30 s. */
const periodSeconds = 30;
/** One step either side, for clock drift between the phone and the server. */
const toleranceSeconds = periodSeconds;

export type TotpStatus = 'none' | 'pending' | 'active';

export interface TotpEnrolment {
  /** Base32, for typing into the app by hand. */
  readonly secret: string;
  /** `otpauth://totp/...` for the QR code; the label is the account number. */
  readonly otpauthUri: string;
}

/**
 * TOTP (authenticator app) as a second factor: enrol, confirm with the first code, verify, disable.
 * Secrets are encrypted at rest; a code is accepted at most once, because the last used time step is
 * stored and only a later step is accepted afterwards (security.md 15).
 */
export class TotpService {
  readonly #dependencies: MfaDependencies;
  readonly #keys: MfaKeys;

  constructor(dependencies: MfaDependencies, keys: MfaKeys) {
    this.#dependencies = dependencies;
    this.#keys = keys;
  }

  async status(customerId: string, executor?: DatabaseExecutor): Promise<TotpStatus> {
    const row = await findTotpCredential(executor ?? this.#dependencies.db, customerId);
    if (row === undefined) return 'none';
    return row.confirmedAt === null ? 'pending' : 'active';
  }

  /**
   * Starts (or restarts) an enrolment with a fresh secret. Refused while a confirmed TOTP exists: the
   * customer disables it first (after recent authentication), so a session alone cannot swap it silently.
   */
  async beginEnrolment(customerId: string, executor?: DatabaseExecutor): Promise<TotpEnrolment> {
    const { db, clock } = this.#dependencies;
    const run = executor ?? db;
    const customer = await requireCustomer(run, customerId);
    const secret = generateSecret();
    const sealed = encryptSecret(this.#keys.secretEncryptionKey, secret, customerId);
    const saved = await savePendingTotp(run, customerId, sealed, clock.now());
    if (!saved)
      throw new ConflictError('認証アプリはすでに設定されています。変更する場合は、先に解除してください。');
    return {
      secret,
      otpauthUri: generateURI({ issuer: serviceInfo.name, label: customer.accountNumber, secret }),
    };
  }

  /**
   * The first valid code activates the enrolment and notifies the customer. Returns false for a wrong or
   * reused code. Runs on its own connection, not in a caller's transaction: a rolled-back caller must not
   * undo the record of a used time step.
   */
  async confirmEnrolment(customerId: string, code: string): Promise<boolean> {
    const row = await findTotpCredential(this.#dependencies.db, customerId);
    if (row === undefined || row.confirmedAt !== null) {
      throw new NotFoundError('認証アプリの設定を開始してから確認コードを入力してください。');
    }
    const step = await this.#matchingStep(customerId, row.secretCiphertext, row.lastUsedStep, code);
    if (step === undefined) return false;
    const now = this.#dependencies.clock.now();
    return inTransaction(this.#dependencies, undefined, async (tx) => {
      if (!(await useTotpStep(tx, customerId, step, now, 'confirm'))) return false;
      const customer = await requireCustomer(tx, customerId);
      await this.#dependencies.mailer.enqueue(
        { to: customer.email, ...credentialChangedMail({ change: 'totp-enabled', at: now }) },
        tx,
      );
      return true;
    });
  }

  /**
   * Whether `code` is a valid, unused code of the customer's active TOTP. False without an active TOTP.
   * Like confirmation, it commits the used step on its own.
   */
  async verify(customerId: string, code: string): Promise<boolean> {
    const { db, clock } = this.#dependencies;
    const row = await findTotpCredential(db, customerId);
    if (row === undefined || row.confirmedAt === null) return false;
    const step = await this.#matchingStep(customerId, row.secretCiphertext, row.lastUsedStep, code);
    if (step === undefined) return false;
    return useTotpStep(db, customerId, step, clock.now(), 'verify');
  }

  /** Removes the TOTP (pending or active); an active one's removal is notified. False if there was none. */
  async disable(customerId: string, executor?: DatabaseExecutor): Promise<boolean> {
    return inTransaction(this.#dependencies, executor, async (tx) => {
      const removed = await deleteTotpCredential(tx, customerId);
      if (removed === undefined) return false;
      if (removed.confirmedAt !== null) {
        const customer = await requireCustomer(tx, customerId);
        await this.#dependencies.mailer.enqueue(
          {
            to: customer.email,
            ...credentialChangedMail({ change: 'totp-disabled', at: this.#dependencies.clock.now() }),
          },
          tx,
        );
      }
      return true;
    });
  }

  /** The time step `code` belongs to, if it is valid now (±1 step) and later than the last used one. */
  async #matchingStep(
    customerId: string,
    sealed: string,
    lastUsedStep: number | null,
    code: string,
  ): Promise<number | undefined> {
    if (!/^\d{6}$/.test(code)) return undefined;
    const secret = decryptSecret(this.#keys.secretEncryptionKey, sealed, customerId);
    const epoch = Math.floor(this.#dependencies.clock.now().getTime() / 1000);
    const result = await verify({
      secret,
      token: code,
      epoch,
      period: periodSeconds,
      epochTolerance: toleranceSeconds,
      ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
    });
    if (!result.valid) return undefined;
    // otplib reports the matched period's start; the step is what replay protection compares
    return 'timeStep' in result ? result.timeStep : Math.floor(epoch / periodSeconds) + result.delta;
  }
}
