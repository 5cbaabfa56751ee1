import { env } from '../../config/env';

/**
 * The identity service's own account pages (server-rendered under the identity API, issue 3): where
 * sessions are ended and credentials, passkeys and second factors are changed, each after the current
 * password. The app links there instead of copying those forms.
 */
const base = `${env.identityApiBaseUrl}/account`;

export const identityAccountPages = {
  home: base,
  password: `${base}/password`,
  email: `${base}/email`,
  totp: `${base}/totp`,
  emailOtp: `${base}/email-otp`,
  newPasskey: `${base}/passkeys/new`,
} as const;
