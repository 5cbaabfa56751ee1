import { z } from 'zod';
import { switchSetting, type ConfigIssue, type ConfigVariable } from './config-settings.ts';

/** Second factors: the key behind TOTP secrets and emailed codes, passkeys' relying party, the rule. */

export interface MfaConfig {
  /**
   * 32-byte key that encrypts TOTP secrets and keys the hashes of emailed codes. Undefined (refused in
   * production) means the built-in development key.
   */
  readonly encryptionKey: Uint8Array | undefined;
  /** WebAuthn relying-party id: the host name of PUBLIC_ORIGIN unless WEBAUTHN_RP_ID names a parent domain. */
  readonly webauthnRpId: string;
  /** The origin WebAuthn responses must come from (PUBLIC_ORIGIN). */
  readonly webauthnOrigin: string;
  /** A second factor at every sign-in: without an enrolled one, a code by mail (SIGN_IN_SECOND_FACTOR_REQUIRED). */
  readonly secondFactorRequired: boolean;
}

export const mfaVariables = [
  {
    name: 'MFA_ENCRYPTION_KEY',
    default: '(development key; required in production)',
    description:
      'Base64 of 32 random bytes (`openssl rand -base64 32`): encrypts TOTP secrets at rest (AES-256-GCM) and keys the hashes of emailed codes. Changing it invalidates every TOTP enrolment. Unset outside production: a built-in, public development key (with a warning).',
  },
  {
    name: 'WEBAUTHN_RP_ID',
    default: 'host name of `PUBLIC_ORIGIN`',
    description:
      'Relying-party id of passkeys: the host name of `PUBLIC_ORIGIN` or a parent domain of it (e.g. `example.jp` for `https://fund.example.jp`). Changing it makes existing passkeys unusable.',
  },
  {
    name: 'SIGN_IN_SECOND_FACTOR_REQUIRED',
    default: '`false` (`true` in production)',
    description:
      'A second factor at every sign-in: a customer without an enrolled one (passkey, authenticator app, emailed code) gets a one-time code by mail after the password.',
  },
] as const satisfies readonly ConfigVariable[];

// never echoed: it is a secret
const encryptionKeySetting = z.string().transform((value, context) => {
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64') : Buffer.alloc(0);
  if (key.length !== 32) {
    context.addIssue({
      code: 'custom',
      message:
        'must be the base64 encoding of exactly 32 bytes, e.g. from `openssl rand -base64 32` (value not shown)',
    });
    return z.NEVER;
  }
  return new Uint8Array(key);
});

const hostNamePattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const hostNameSetting = z.string().transform((value, context) => {
  if (!hostNamePattern.test(value)) {
    context.addIssue({
      code: 'custom',
      message: `must be a lower-case host name without scheme or port, e.g. fund.example.jp, got "${value}"`,
    });
    return z.NEVER;
  }
  return value;
});

export const mfaEnvironment = z.object({
  MFA_ENCRYPTION_KEY: encryptionKeySetting.optional(),
  WEBAUTHN_RP_ID: hostNameSetting.optional(),
  SIGN_IN_SECOND_FACTOR_REQUIRED: switchSetting.optional(),
} satisfies Record<(typeof mfaVariables)[number]['name'], z.ZodType>);

/** What NODE_ENV=production requires of the second factors: a key of its own. */
export function mfaIssues(variables: z.infer<typeof mfaEnvironment>, isProduction: boolean): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (isProduction && variables.MFA_ENCRYPTION_KEY === undefined) {
    issues.push({
      variable: 'MFA_ENCRYPTION_KEY',
      message:
        'is required when NODE_ENV=production (the development key is public); generate one with `openssl rand -base64 32`',
    });
  }
  return issues;
}

/** The relying-party id must fit the origin customers use (PUBLIC_ORIGIN). */
export function relyingPartyIssues(
  variables: z.infer<typeof mfaEnvironment>,
  publicOrigin: string,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const originHost = new URL(publicOrigin).hostname;
  const rpId = variables.WEBAUTHN_RP_ID;
  // browsers refuse an RP ID that is neither the page's host nor a parent domain of it
  if (rpId !== undefined && rpId !== originHost && !originHost.endsWith(`.${rpId}`)) {
    issues.push({
      variable: 'WEBAUTHN_RP_ID',
      message: `must be the host name of PUBLIC_ORIGIN (${originHost}) or a parent domain of it, got "${rpId}"`,
    });
  }
  return issues;
}

export function mfaConfig(
  variables: z.infer<typeof mfaEnvironment>,
  publicOrigin: string,
  isProduction: boolean,
): MfaConfig {
  return {
    encryptionKey: variables.MFA_ENCRYPTION_KEY,
    webauthnRpId: variables.WEBAUTHN_RP_ID ?? new URL(publicOrigin).hostname,
    webauthnOrigin: publicOrigin,
    secondFactorRequired: variables.SIGN_IN_SECOND_FACTOR_REQUIRED ?? isProduction,
  };
}
