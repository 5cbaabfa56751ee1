import type { Config } from '../../../config/config.ts';
import { EmailOtpService } from './email-otp.service.ts';
import { deriveMfaKeys } from './mfa-crypto.ts';
import type { MfaDependencies } from './mfa-context.ts';
import { TotpService } from './totp.service.ts';
import { WebauthnService } from './webauthn.service.ts';

export interface MfaServices {
  readonly totp: TotpService;
  readonly emailOtp: EmailOtpService;
  readonly webauthn: WebauthnService;
}

/** The second-factor services of one app, e.g. `createMfaServices(app.config, { db: app.db.db, clock: app.realClock, mailer: app.mailer })`. */
export function createMfaServices(config: Pick<Config, 'mfa'>, dependencies: MfaDependencies): MfaServices {
  const keys = deriveMfaKeys(config.mfa.encryptionKey);
  return {
    totp: new TotpService(dependencies, keys),
    emailOtp: new EmailOtpService(dependencies, keys),
    webauthn: new WebauthnService(dependencies, {
      rpId: config.mfa.webauthnRpId,
      origin: config.mfa.webauthnOrigin,
    }),
  };
}
