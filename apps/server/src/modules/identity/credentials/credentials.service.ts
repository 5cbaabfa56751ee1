import { randomUUID } from 'node:crypto';
import type { Database } from '@fund/db';
import type { FastifyBaseLogger } from 'fastify';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../../errors/app-error.ts';
import { credentialChangedMail, type CredentialChange } from '../../../mail/mail-templates.ts';
import type { Mailer } from '../../../mail/mailer.service.ts';
import type { Clock } from '../../../plugins/clock.plugin.ts';
import {
  codeLifetimeMinutes,
  type CodeCheck,
  type EmailOtpService,
} from '../authenticators/email-otp.service.ts';
import { findOpenCode } from '../authenticators/verification-code.repository.ts';
import { revokeEverythingOfAccount } from '../oidc-payload.repository.ts';
import { hashPassword } from '../password-hashing.ts';
import { checkNewPassword, passwordProblemMessages } from '../password-policy.ts';
import { reauthenticate, type ReauthenticationProof } from '../reauthentication.ts';
import {
  emailChangeRequestedMail,
  passwordResetAmbiguousMail,
  signUpExistingAddressMail,
} from './credentials-mails.ts';
import {
  findHolderByAccountNumber,
  findHolderById,
  findHoldersByEmail,
  findOpenRegistration,
  insertCustomerWithNewAccountNumber,
  insertPendingRegistration,
  markRegistrationConfirmed,
  onlineBranchCode,
  storePasswordHash,
  updateCustomerEmail,
  type AccountHolder,
} from './credentials.repository.ts';

/** A registration can be confirmed (with fresh codes) for a day; each code lives ten minutes. */
export const registrationLifetimeHours = 24;

export const credentialsMessages = {
  codeWrong: '確認コードが正しくありません。',
  codeExpired: '確認コードの有効期限が切れました。確認コードを再送信してください。',
  codeExhausted: '確認コードの入力回数が上限を超えました。確認コードを再送信してください。',
  codeMissing: '確認コードが無効です。はじめからやり直すか、確認コードを再送信してください。',
  currentPasswordWrong: '現在のパスワードが正しくありません。',
  proofMissing: '本人確認のため、現在のパスワードを入力するか、パスキーで本人確認をしてください。',
  stepUpInvalid:
    'パスキーによる本人確認の有効期限が切れたか、すでに使われています。もう一度本人確認をしてください。',
  locked: 'アカウントがロックされているため変更できません。お客さま窓口までお問い合わせください。',
} as const;

function codeFailure(check: Exclude<CodeCheck, { ok: true }>): BadRequestError {
  switch (check.reason) {
    case 'wrong':
      return new BadRequestError(credentialsMessages.codeWrong);
    case 'expired':
      return new BadRequestError(credentialsMessages.codeExpired);
    case 'exhausted':
      return new BadRequestError(credentialsMessages.codeExhausted);
    case 'missing':
      return new BadRequestError(credentialsMessages.codeMissing);
  }
}

/** 400 with the policy's first message when the new password is not acceptable (security.md 17). */
export function assertPasswordAcceptable(password: string, accountNumber?: string): void {
  const [problem] = checkNewPassword(password, accountNumber);
  if (problem !== undefined) throw new BadRequestError(passwordProblemMessages[problem]);
}

export interface CredentialsDependencies {
  readonly db: Database;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly emailOtp: EmailOtpService;
  readonly lockThreshold: number;
  readonly log: FastifyBaseLogger;
}

export interface RegistrationInput {
  readonly email: string;
  readonly password: string;
  readonly lastName: string;
  readonly firstName: string;
  readonly lastNameKana: string;
  readonly firstNameKana: string;
  readonly birthDate: string;
}

/**
 * Sign-up, password reset and the signed-in credential changes. Every change of a credential is told
 * to the customer by mail (security.md 18); every code is single-use, bound to its attempt and expires
 * (email-otp.service.ts, security.md 15, 16).
 */
export class CredentialsService {
  readonly #d: CredentialsDependencies;

  constructor(dependencies: CredentialsDependencies) {
    this.#d = dependencies;
  }

  #codeExpiry(now: Date): Date {
    return new Date(now.getTime() + codeLifetimeMinutes * 60_000);
  }

  async #notify(holder: AccountHolder, change: CredentialChange, detail?: string): Promise<void> {
    const content = credentialChangedMail({ change, at: this.#d.clock.now(), detail });
    try {
      await this.#d.mailer.enqueue({ to: holder.email, ...content });
    } catch (error) {
      this.#d.log.warn({ err: error, customerId: holder.customerId }, 'Credential change notice failed');
    }
  }

  // --- sign-up --------------------------------------------------------------------------------------

  /**
   * Starts a registration. The answer is the same whether or not the address is registered: for a new
   * address a code is mailed; for a registered one its owner is mailed a notice and the registration
   * can never be confirmed (security.md 14).
   */
  async register(input: RegistrationInput): Promise<{ registrationId: string; expiresAt: Date }> {
    assertPasswordAcceptable(input.password);
    const now = this.#d.clock.now();
    const passwordHash = await hashPassword(input.password);
    const taken = (await findHoldersByEmail(this.#d.db, input.email)).length > 0;
    const registrationId = await this.#d.db.transaction(async (tx) => {
      const id = await insertPendingRegistration(tx, {
        ...input,
        passwordHash,
        emailTakenAt: taken ? now : null,
        expiresAt: new Date(now.getTime() + registrationLifetimeHours * 3_600_000),
        createdAt: now,
      });
      if (taken) {
        await this.#d.mailer.enqueue({ to: input.email, ...signUpExistingAddressMail() }, tx);
      } else {
        await this.#d.emailOtp.issue(
          { purpose: 'sign_up', attemptId: id, email: input.email, customerId: null },
          tx,
        );
      }
      return id;
    });
    this.#d.mailer.requestDelivery();
    return { registrationId, expiresAt: this.#codeExpiry(now) };
  }

  /**
   * Mails a new code for an open registration (the previous one stops working). Unknown, expired or
   * confirmed registrations, and those of a registered address, get the same answer and no mail.
   */
  async resendRegistrationCode(registrationId: string): Promise<{ expiresAt: Date }> {
    const now = this.#d.clock.now();
    const registration = await findOpenRegistration(this.#d.db, registrationId, now);
    if (registration !== undefined && registration.emailTakenAt === null) {
      await this.#d.emailOtp.issue({
        purpose: 'sign_up',
        attemptId: registration.id,
        email: registration.email,
        customerId: null,
      });
    }
    return { expiresAt: this.#codeExpiry(now) };
  }

  /** Confirms the address with the code and creates the customer: a new 口座番号, no account opened yet. */
  async confirmRegistration(
    registrationId: string,
    code: string,
  ): Promise<{ accountNumber: string; branchCode: string; customerId: string }> {
    const now = this.#d.clock.now();
    const registration = await findOpenRegistration(this.#d.db, registrationId, now);
    if (registration === undefined || registration.emailTakenAt !== null) {
      throw new BadRequestError(credentialsMessages.codeMissing);
    }
    const check = await this.#d.emailOtp.check({ purpose: 'sign_up', attemptId: registrationId, code });
    if (!check.ok) throw codeFailure(check);
    const created = await this.#d.db.transaction(async (tx) => {
      const customer = await insertCustomerWithNewAccountNumber(tx, registration);
      if (!(await markRegistrationConfirmed(tx, registration.id, customer.customerId, now))) {
        throw new BadRequestError(credentialsMessages.codeMissing);
      }
      await storePasswordHash(tx, customer.customerId, registration.passwordHash, now);
      return customer;
    });
    this.#d.log.info({ customerId: created.customerId }, 'Customer signed up');
    return { ...created, branchCode: onlineBranchCode };
  }

  // --- password reset -------------------------------------------------------------------------------

  /**
   * Starts a reset by 口座番号 or address. Always answers with a fresh reset id: a code is mailed only
   * when exactly one account matches (security.md 14); an address shared by several accounts gets a
   * mail asking for the account number instead.
   */
  async forgotPassword(login: string): Promise<{ resetId: string; expiresAt: Date }> {
    const now = this.#d.clock.now();
    const resetId = randomUUID();
    const trimmed = login.trim();
    let holder: AccountHolder | undefined;
    if (/^\d{7}$/.test(trimmed)) {
      holder = await findHolderByAccountNumber(this.#d.db, trimmed);
    } else {
      const holders = await findHoldersByEmail(this.#d.db, trimmed);
      if (holders.length === 1) holder = holders[0];
      else if (holders.length > 1 && holders[0] !== undefined) {
        await this.#d.mailer.enqueue({ to: holders[0].email, ...passwordResetAmbiguousMail() });
      }
    }
    if (holder !== undefined) {
      await this.#d.emailOtp.issue({
        purpose: 'password_reset',
        attemptId: resetId,
        email: holder.email,
        customerId: holder.customerId,
      });
    }
    return { resetId, expiresAt: this.#codeExpiry(now) };
  }

  /**
   * Sets the new password with the reset code. Only the password changes: the second factors stay, so
   * the next sign-in still asks for one. The wrong-password count restarts (the mailbox is proven) but
   * a lock stays for support to lift. Every session of the account ends; the customer is notified.
   */
  async confirmPasswordReset(resetId: string, code: string, newPassword: string): Promise<void> {
    const open = await findOpenCode(this.#d.db, 'password_reset', resetId);
    const owner = open?.customerId == null ? undefined : await findHolderById(this.#d.db, open.customerId);
    // The policy first, so a rejected password does not use the code up.
    assertPasswordAcceptable(newPassword, owner?.accountNumber);
    const check = await this.#d.emailOtp.check({ purpose: 'password_reset', attemptId: resetId, code });
    if (!check.ok) throw codeFailure(check);
    const holder = check.customerId === null ? undefined : await findHolderById(this.#d.db, check.customerId);
    if (holder === undefined) throw new BadRequestError(credentialsMessages.codeMissing);
    assertPasswordAcceptable(newPassword, holder.accountNumber);
    await storePasswordHash(
      this.#d.db,
      holder.customerId,
      await hashPassword(newPassword),
      this.#d.clock.now(),
    );
    const revoked = await revokeEverythingOfAccount(this.#d.db, holder.customerId);
    this.#d.log.info({ customerId: holder.customerId, revoked }, 'Password reset');
    await this.#notify(holder, 'password');
  }

  // --- signed-in changes ------------------------------------------------------------------------------

  /**
   * Recent authentication (security.md 18): the current password (wrong: 400) or a passkey step-up token
   * (unknown, used or expired: 401); neither is 401, a locked sign-in 403.
   */
  async #reauthenticate(
    customerId: string,
    proof: ReauthenticationProof | undefined,
  ): Promise<AccountHolder> {
    if (proof === undefined) throw new UnauthorizedError(credentialsMessages.proofMissing);
    const holder = await findHolderById(this.#d.db, customerId);
    if (holder === undefined) throw new NotFoundError();
    const result = await reauthenticate(
      this.#d.db,
      customerId,
      proof,
      this.#d.lockThreshold,
      this.#d.clock.now(),
    );
    if (result === 'locked') throw new ForbiddenError(credentialsMessages.locked);
    if (result === 'wrong') {
      if ('password' in proof) throw new BadRequestError(credentialsMessages.currentPasswordWrong);
      throw new UnauthorizedError(credentialsMessages.stepUpInvalid);
    }
    return holder;
  }

  /** Changes the password after checking the current one; the customer is notified. Sessions stay. */
  async changePassword(
    customerId: string,
    proof: ReauthenticationProof | undefined,
    newPassword: string,
  ): Promise<void> {
    const known = await findHolderById(this.#d.db, customerId);
    if (known === undefined) throw new NotFoundError();
    assertPasswordAcceptable(newPassword, known.accountNumber);
    const holder = await this.#reauthenticate(customerId, proof);
    await storePasswordHash(this.#d.db, customerId, await hashPassword(newPassword), this.#d.clock.now());
    await this.#notify(holder, 'password');
  }

  /**
   * Starts an email change after checking the current password: a code goes to the new address, a
   * notice to the current one.
   */
  async startEmailChange(
    customerId: string,
    proof: ReauthenticationProof | undefined,
    newEmail: string,
  ): Promise<{ changeId: string; expiresAt: Date }> {
    const holder = await this.#reauthenticate(customerId, proof);
    const changeId = randomUUID();
    const { expiresAt } = await this.#d.db.transaction(async (tx) => {
      const issued = await this.#d.emailOtp.issue(
        { purpose: 'email_change', attemptId: changeId, email: newEmail, customerId },
        tx,
      );
      await this.#d.mailer.enqueue({ to: holder.email, ...emailChangeRequestedMail(newEmail) }, tx);
      return issued;
    });
    this.#d.mailer.requestDelivery();
    return { changeId, expiresAt };
  }

  /** Where an email change stands, for its owner only. */
  async emailChangeState(
    customerId: string,
    changeId: string,
  ): Promise<{ state: 'pending' | 'none'; email?: string; expiresAt?: Date }> {
    const open = await findOpenCode(this.#d.db, 'email_change', changeId);
    if (
      open === undefined ||
      open.customerId !== customerId ||
      open.expiresAt.getTime() <= this.#d.clock.now().getTime()
    ) {
      return { state: 'none' };
    }
    return { state: 'pending', email: open.email, expiresAt: open.expiresAt };
  }

  /** Confirms an email change with the code sent to the new address; the old address is notified. */
  async confirmEmailChange(customerId: string, changeId: string, code: string): Promise<{ email: string }> {
    const open = await findOpenCode(this.#d.db, 'email_change', changeId);
    // Another customer's change is not found, and their code is not used up by trying it.
    if (open !== undefined && open.customerId !== customerId) throw new NotFoundError();
    const check = await this.#d.emailOtp.check({ purpose: 'email_change', attemptId: changeId, code });
    if (!check.ok) throw codeFailure(check);
    if (check.customerId !== customerId) throw new NotFoundError();
    const holder = await findHolderById(this.#d.db, customerId);
    if (holder === undefined) throw new NotFoundError();
    await updateCustomerEmail(this.#d.db, customerId, check.email);
    await this.#notify(holder, 'email', check.email);
    return { email: check.email };
  }
}
