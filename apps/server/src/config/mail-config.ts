import { z } from 'zod';
import type { ConfigIssue, ConfigVariable } from './config-settings.ts';

/** Outgoing mail: the SMTP server, or none (the outbox and the development mailbox), and the sender. */

export interface MailConfig {
  /** SMTP server (smtp:// or smtps:// URL); undefined: mail stays in the outbox (development mailbox). */
  readonly smtpUrl: string | undefined;
  /** From header of every mail the service sends. */
  readonly from: string;
}

export const mailVariables = [
  {
    name: 'SMTP_URL',
    default: '(unset; required in production while sign-in codes are mailed)',
    description:
      'SMTP server for outgoing mail, e.g. `smtps://user:password@smtp.example.jp:465` or `smtp://mail.internal:587` (STARTTLS when offered). Unset: mail stays in the outbox table; outside production the development mailbox `/dev/mailbox` shows it. Production refuses to start without it while `SIGN_IN_SECOND_FACTOR_REQUIRED` is on (its default there): the codes of sign-in are mailed.',
  },
  {
    name: 'MAIL_FROM',
    default: '`投資信託 オンラインサービス <no-reply@example.jp>`',
    description: 'From header of every mail: an address, optionally as `Name <address>`.',
  },
] as const satisfies readonly ConfigVariable[];

// never echoed: the URL usually carries the SMTP password
const smtpUrlSetting = z.string().transform((value, context) => {
  const url = URL.parse(value);
  if (url === null || !['smtp:', 'smtps:'].includes(url.protocol) || url.hostname === '') {
    context.addIssue({
      code: 'custom',
      message: 'must be an SMTP URL such as smtps://user:password@smtp.example.jp:465 (value not shown)',
    });
    return z.NEVER;
  }
  return value;
});

const mailAddress = String.raw`[^<>\s@"]+@[^<>\s@"]+\.[^<>\s@"]+`;
const mailFromPattern = new RegExp(String.raw`^(?:[^<>\r\n]*<${mailAddress}>|${mailAddress})$`);

const mailFromSetting = z.string().transform((value, context) => {
  if (!mailFromPattern.test(value)) {
    context.addIssue({
      code: 'custom',
      message: `must be a mail address or "Name <address>", got "${value}"`,
    });
    return z.NEVER;
  }
  return value;
});

export const mailEnvironment = z.object({
  SMTP_URL: smtpUrlSetting.optional(),
  MAIL_FROM: mailFromSetting.optional(),
} satisfies Record<(typeof mailVariables)[number]['name'], z.ZodType>);

/**
 * Production mails the one-time code of every sign-in without an enrolled authenticator (the default,
 * SIGN_IN_SECOND_FACTOR_REQUIRED): without an SMTP server the code never leaves the outbox and nobody can
 * sign in, so production refuses to start rather than run locked.
 */
export function mailIssues(
  variables: { SMTP_URL?: string | undefined; SIGN_IN_SECOND_FACTOR_REQUIRED?: boolean | undefined },
  isProduction: boolean,
): ConfigIssue[] {
  const codesMailed = variables.SIGN_IN_SECOND_FACTOR_REQUIRED ?? isProduction;
  if (!isProduction || !codesMailed || variables.SMTP_URL !== undefined) return [];
  return [
    {
      variable: 'SMTP_URL',
      message:
        'is required when NODE_ENV=production and sign-in codes are mailed (SIGN_IN_SECOND_FACTOR_REQUIRED): without it nobody can sign in',
    },
  ];
}

export const defaultMailFrom = '投資信託 オンラインサービス <no-reply@example.jp>';

export function mailConfig(variables: z.infer<typeof mailEnvironment>): MailConfig {
  return {
    smtpUrl: variables.SMTP_URL,
    from: variables.MAIL_FROM ?? defaultMailFrom,
  };
}
