import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';

/**
 * The account side of the identity service (spec §7, under /auth/v1): sign-up with email confirmation,
 * password reset, credential changes, sessions and sign-in history, and the calls next to the OpenID
 * provider. Every unauthenticated call is rate-limited per IP and per account or address (429 with
 * Retry-After), and the calls about an address or account answer the same whether it exists or not
 * (security.md 14).
 */
export const IdentityAccountPath = {
  health: '/auth/v1/health',
  register: '/auth/v1/register',
  registerCheckEmail: '/auth/v1/register/checkEmail',
  registerConfirm: '/auth/v1/register/confirm',
  registerConfirmResend: '/auth/v1/register/confirm/resend',
  registerOtpEmail: '/auth/v1/register/otpEmail',
  passwordForgot: '/auth/v1/password/forgot',
  passwordConfirm: '/auth/v1/password/confirm',
  userPassword: '/auth/v1/user/password',
  userEmail: '/auth/v1/user/email',
  userEmailConfirm: '/auth/v1/user/email/confirm',
  userLoginAttempts: '/auth/v1/user/login_attempts',
  userSessions: '/auth/v1/user/sessions',
  sessionsRevoke: '/auth/v1/sessions/revoke',
  login: '/auth/v1/login',
  loginSendOtpEmail: '/auth/v1/login/sendOtpEmail',
  logout: '/auth/v1/logout',
  token: '/auth/v1/token',
  tokenIntrospect: '/auth/v1/token/introspect',
} as const;

/** Server-rendered pages (not API calls): sign-up and password reset, linked from the sign-in page. */
export const IdentityAccountPage = {
  signUp: '/auth/v1/signup',
  signUpConfirm: '/auth/v1/signup/confirm',
  passwordReset: '/auth/v1/password/reset',
  passwordResetConfirm: '/auth/v1/password/reset/confirm',
} as const;

const email = z.email().max(254).meta({ description: 'メールアドレス' });
/** The policy (length, common passwords, no account number) is checked by the server: 400 with its message. */
const newPassword = z.string().max(1024).meta({ description: '新しいパスワード（8〜128文字）' });
const code = z
  .string()
  .regex(/^\s*\d{6}\s*$/)
  .meta({ description: 'メールで届いた6桁の確認コード' });
const attemptId = z.uuid();

export const identityHealthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'IdentityHealth' });

export const registerBodySchema = z
  .object({
    email,
    password: newPassword,
    lastName: z.string().trim().min(1).max(50),
    firstName: z.string().trim().min(1).max(50),
    lastNameKana: z.string().trim().min(1).max(50),
    firstNameKana: z.string().trim().min(1).max(50),
    /** YYYY-MM-DD */
    birthDate: isoDateSchema,
  })
  .meta({ id: 'RegisterRequest' });

/**
 * Always 202 with a fresh registration id, whether or not the address is already registered (then the
 * owner is mailed a notice instead of a code, and the id can never be confirmed).
 */
export const registrationStartedSchema = z
  .object({
    registrationId: attemptId,
    /** When the code (and the registration) expires. */
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'RegistrationStarted' });

export const checkEmailBodySchema = z
  .object({ email: z.string().max(1024) })
  .meta({ id: 'CheckEmailRequest' });
/** Only whether the address can be used as typed (form); never whether it is registered. */
export const checkEmailResultSchema = z.object({ acceptable: z.boolean() }).meta({ id: 'CheckEmailResult' });

export const registerConfirmBodySchema = z
  .object({ registrationId: attemptId, code })
  .meta({ id: 'RegisterConfirmRequest' });

export const registeredSchema = z
  .object({
    /** 口座番号 of the new customer: what they sign in with. */
    accountNumber: z.string().regex(/^\d{7}$/),
    branchCode: z.string().regex(/^\d{3}$/),
  })
  .meta({ id: 'Registered' });

export const registrationResendBodySchema = z
  .object({ registrationId: attemptId })
  .meta({ id: 'RegistrationResendRequest' });

export const codeSentSchema = z.object({ expiresAt: z.iso.datetime() }).meta({ id: 'CodeSent' });

export const passwordForgotBodySchema = z
  .object({
    /** 口座番号 (7 digits) or the registered address. */
    login: z.string().trim().min(1).max(254),
  })
  .meta({ id: 'PasswordForgotRequest' });

/** Always 202 with a fresh id, whether or not an account matched. */
export const passwordResetStartedSchema = z
  .object({ resetId: attemptId, expiresAt: z.iso.datetime() })
  .meta({ id: 'PasswordResetStarted' });

export const passwordConfirmBodySchema = z
  .object({ resetId: attemptId, code, newPassword })
  .meta({ id: 'PasswordConfirmRequest' });

/**
 * Recent authentication for a change (security.md 18): the current password or the token of a fresh passkey
 * step-up (`POST /auth/v1/webauthn/stepup`), one of them: both at once is refused here (400), neither by
 * the call (401).
 */
const recentAuthentication = {
  currentPassword: z.string().min(1).max(1024).optional(),
  stepupToken: z.string().min(1).max(256).optional(),
};
const onlyOneProof = (body: { currentPassword?: string | undefined; stepupToken?: string | undefined }) =>
  body.currentPassword === undefined || body.stepupToken === undefined;
const onlyOneProofMessage =
  '本人確認には、現在のパスワードかパスキーによる本人確認のどちらか一方だけを指定してください。';

export const passwordChangeBodySchema = z
  .object({ ...recentAuthentication, newPassword })
  .refine(onlyOneProof, { message: onlyOneProofMessage })
  .meta({ id: 'PasswordChangeRequest' });

export const emailChangeBodySchema = z
  .object({ ...recentAuthentication, newEmail: email })
  .refine(onlyOneProof, { message: onlyOneProofMessage })
  .meta({ id: 'EmailChangeRequest' });

export const emailChangeStartedSchema = z
  .object({ changeId: attemptId, expiresAt: z.iso.datetime() })
  .meta({ id: 'EmailChangeStarted' });

export const emailChangeConfirmBodySchema = z
  .object({ changeId: attemptId, code })
  .meta({ id: 'EmailChangeConfirmRequest' });

export const emailChangeQuerySchema = z.object({ changeId: attemptId });

export const emailChangeStateSchema = z
  .object({
    /** `pending`: a code for this change is open; `none`: used, replaced, expired or unknown. */
    state: z.enum(['pending', 'none']),
    /** The new address the code went to (only while pending). */
    email: z.string().optional(),
    expiresAt: z.iso.datetime().optional(),
  })
  .meta({ id: 'EmailChangeState' });

export const emailChangedSchema = z.object({ email: z.string() }).meta({ id: 'EmailChanged' });

export const loginAttemptSchema = z
  .object({
    occurredAt: z.iso.datetime(),
    outcome: z.enum(['succeeded', 'wrong_password', 'unknown_account', 'refused_locked', 'locked_now']),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'LoginAttempt' });

export const loginAttemptsSchema = z
  .object({ attempts: z.array(loginAttemptSchema) })
  .meta({ id: 'LoginAttempts' });

export const userSessionSchema = z
  .object({
    /** Id to end this session with `POST sessions/revoke` (the provider's grant). */
    id: z.string(),
    clientId: z.string(),
    createdAt: z.iso.datetime().nullable(),
    /** Last token issued under it (sign-in or refresh). */
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'UserSession' });

export const userSessionsSchema = z
  .object({ sessions: z.array(userSessionSchema) })
  .meta({ id: 'UserSessions' });

export const sessionRevokeBodySchema = z
  .object({ sessionId: z.string().min(1).max(200) })
  .meta({ id: 'SessionRevokeRequest' });

export type RegisterBody = z.infer<typeof registerBodySchema>;
export type LoginAttempts = z.infer<typeof loginAttemptsSchema>;
export type UserSessions = z.infer<typeof userSessionsSchema>;

// --- calls next to the OpenID provider ----------------------------------------------------------------

export const IdentityAccountProviderPath = {
  consent: '/auth/v1/consent',
  tenantLoginHint: '/auth/v1/tenants/:tenant_id/loginHint',
  loginHint: '/auth/v1/loginHint/:key',
} as const;

/**
 * `POST login`: no password travels through JSON (no password-grant-like login). The first-party
 * client gets the URL that starts the authorization-code flow with PKCE; the customer signs in on the
 * identity service's pages and the client exchanges the code at `POST token`.
 */
export const loginBodySchema = z
  .object({
    clientId: z.string().min(1).max(100).default('fund-web'),
    redirectUri: z.url().max(2000),
    /** BASE64URL(SHA-256(code_verifier)); the method is always S256. */
    codeChallenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    state: z.string().min(8).max(200),
    scope: z.string().max(200).default('openid offline user.write'),
    /** 口座番号 to prefill on the sign-in page. */
    loginHint: z
      .string()
      .regex(/^\d{7}$/)
      .optional(),
  })
  .meta({ id: 'LoginRequest' });

export const loginStartedSchema = z.object({ authorizationUrl: z.string() }).meta({ id: 'LoginStarted' });

/** The provider's interaction (sign-in attempt) by its uid: `consent` and `login/sendOtpEmail`. */
export const consentQuerySchema = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export const tenantParamsSchema = z.object({ tenant_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export const loginHintBodySchema = z
  .object({ accountNumber: z.string().regex(/^\d{7}$/) })
  .meta({ id: 'LoginHintRequest' });

export const loginHintCreatedSchema = z
  .object({ key: z.string(), expiresAt: z.iso.datetime() })
  .meta({ id: 'LoginHintCreated' });

export const loginHintParamsSchema = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** Returned once: the key is deleted by the read. */
export const loginHintSchema = z
  .object({ tenantId: z.string(), accountNumber: z.string().regex(/^\d{7}$/) })
  .meta({ id: 'LoginHint' });
