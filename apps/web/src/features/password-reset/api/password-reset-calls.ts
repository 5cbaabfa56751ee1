import type {
  passwordConfirmBodySchema,
  passwordForgotBodySchema,
  passwordResetStartedSchema,
} from '@fund/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { IdentityCallPath } from '../../../lib/api/identity-paths';
import { identityApi } from '../../../lib/api/services';

type PasswordForgotBody = z.input<typeof passwordForgotBodySchema>;
type PasswordResetStarted = z.output<typeof passwordResetStartedSchema>;
export type PasswordConfirmBody = z.input<typeof passwordConfirmBodySchema>;

const forgotPath: IdentityCallPath = '/password/forgot';
const confirmPath: IdentityCallPath = '/password/confirm';

/**
 * `POST /auth/v1/password/forgot` (spec §7), signed out: the identity service mails a code when the
 * 口座番号 or address matches one account and answers the same either way. Refusals (429 and the
 * like) come back to the page without a toast, to be said at the form.
 */
export function postPasswordForgot(body: PasswordForgotBody): Promise<PasswordResetStarted> {
  return identityApi.post<PasswordResetStarted>(forgotPath, {
    body,
    authenticated: false,
    passThrough: 'any',
  });
}

/** `POST /auth/v1/password/confirm`: the code and the new password (204); a 400 says which is wrong. */
export function postPasswordConfirm(body: PasswordConfirmBody): Promise<void> {
  return identityApi.post<void>(confirmPath, { body, authenticated: false, passThrough: 'any' });
}

export function usePasswordForgot() {
  return useMutation({ mutationFn: postPasswordForgot });
}

export function usePasswordConfirm() {
  return useMutation({ mutationFn: postPasswordConfirm });
}
