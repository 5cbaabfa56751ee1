import { z } from 'zod';

/** Second-factor calls of the /auth/v1 API (spec §7): TOTP, emailed codes, passkeys. */
export const IdentityMfaPath = {
  totpSetup: '/auth/v1/mfa/setup',
  totpConfirm: '/auth/v1/mfa/confirm',
  otpEmailSetup: '/auth/v1/otpEmail/setup',
  otpEmailConfirm: '/auth/v1/otpEmail/confirm',
  webauthnSetup: '/auth/v1/webauthn/setup',
  webauthnConfirm: '/auth/v1/webauthn/confirm',
  webauthnCredentials: '/auth/v1/webauthn/credentials',
  webauthnCredential: '/auth/v1/webauthn/credentials/:credential_id',
  stepUpOptions: '/auth/v1/webauthn/stepup/options',
  stepUp: '/auth/v1/webauthn/stepup',
} as const;

/**
 * Every change of a second factor needs the current password (recent authentication, security.md 18);
 * a missing or wrong one is answered with 401, a locked sign-in with 403.
 */
export const currentPasswordSchema = z.string().max(4096).optional();

/** Instead of the current password: the token of a fresh passkey step-up (`POST /auth/v1/webauthn/stepup`). */
export const stepUpTokenSchema = z.string().min(1).max(256).optional();

export const reauthenticationProofMessage =
  '本人確認には、現在のパスワードかパスキーによる本人確認のどちらか一方だけを指定してください。';

/** Both proofs at once is refused (400); neither is answered with 401 by the call. */
export const onlyOneProof = (body: {
  current_password?: string | undefined;
  stepup_token?: string | undefined;
}) => body.current_password === undefined || body.stepup_token === undefined;

export const reauthenticationRequestSchema = z
  .object({ current_password: currentPasswordSchema, stepup_token: stepUpTokenSchema })
  .refine(onlyOneProof, { message: reauthenticationProofMessage })
  .meta({ id: 'ReauthenticationRequest' });

const codeSchema = z.string().regex(/^\d{6}$/);

export const totpSetupResponseSchema = z
  .object({
    /** Base32 secret, for typing into the authenticator app by hand. */
    secret: z.string(),
    /** `otpauth://totp/...`, for the QR code. */
    otpauthUri: z.string(),
  })
  .meta({ id: 'TotpSetupResponse' });

export const codeConfirmRequestSchema = z
  .object({ current_password: currentPasswordSchema, stepup_token: stepUpTokenSchema, code: codeSchema })
  .refine(onlyOneProof, { message: reauthenticationProofMessage })
  .meta({ id: 'CodeConfirmRequest' });

export const otpEmailSetupResponseSchema = z
  .object({
    /** When the emailed code stops working (ISO 8601). */
    expiresAt: z.string(),
  })
  .meta({ id: 'OtpEmailSetupResponse' });

export const mfaEnabledResponseSchema = z
  .object({ enabled: z.literal(true) })
  .meta({ id: 'MfaEnabledResponse' });

/** WebAuthn PublicKeyCredentialCreationOptionsJSON, passed to the browser as it is. */
export const webauthnSetupResponseSchema = z
  .object({ options: z.record(z.string(), z.unknown()) })
  .meta({ id: 'WebauthnSetupResponse' });

/** WebAuthn RegistrationResponseJSON as the browser produced it (base64url fields). */
export const webauthnRegistrationSchema = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().max(8192),
    attestationObject: z.string().max(65_536),
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: z.string().max(65_536).optional(),
    publicKey: z.string().max(8192).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export const webauthnConfirmRequestSchema = z
  .object({
    current_password: currentPasswordSchema,
    stepup_token: stepUpTokenSchema,
    credential: webauthnRegistrationSchema,
    /** Name shown in the list; default 「パスキー（YYYY-MM-DD 登録）」. */
    name: z.string().max(100).optional(),
  })
  .refine(onlyOneProof, { message: reauthenticationProofMessage })
  .meta({ id: 'WebauthnConfirmRequest' });

export const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    synced: z.boolean(),
    transports: z.array(z.string()),
  })
  .meta({ id: 'Passkey' });

export const passkeyListSchema = z
  .object({ credentials: z.array(passkeySchema) })
  .meta({ id: 'PasskeyList' });

/** WebAuthn AuthenticationResponseJSON as the browser produced it (base64url fields). */
export const webauthnAuthenticationSchema = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().max(8192),
    authenticatorData: z.string().max(65_536),
    signature: z.string().max(8192),
    userHandle: z.string().max(1024).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** Step-up with a passkey (security.md 18, 19): request options for the caller's own passkeys. */
export const stepUpOptionsResponseSchema = z
  .object({
    /** Names this step-up; sent back with the assertion. */
    attemptId: z.uuid(),
    /** WebAuthn PublicKeyCredentialRequestOptionsJSON, passed to the browser as it is. */
    options: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'StepUpOptionsResponse' });

export const stepUpRequestSchema = z
  .object({ attemptId: z.uuid(), credential: webauthnAuthenticationSchema })
  .meta({ id: 'StepUpRequest' });

/** Sent as `stepup_token` (or `stepupToken`) instead of the current password: once, within 5 minutes. */
export const stepUpResponseSchema = z
  .object({ stepupToken: z.string(), expiresAt: z.iso.datetime() })
  .meta({ id: 'StepUpResponse' });

export const webauthnCredentialParamsSchema = z.object({ credential_id: z.uuid() });

export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;
export type Passkey = z.infer<typeof passkeySchema>;
