import { ApiError, NetworkError } from '../../lib/api/api-client';
import { ApiErrorMessage } from '../../lib/api/error-messages';

/** Where a refusal of the reset calls is said: at the code, at the new password, or above the form. */
export interface ResetRefusal {
  readonly field: 'login' | 'code' | 'newPassword' | 'form';
  readonly message: string;
}

const tooManyMessage =
  '短時間に何度もお試しいただいたため、受け付けできませんでした。しばらく時間をおいて再度お試しください。';

/**
 * The identity service answers a wrong, expired or used-up code and an unacceptable password with 400
 * and a Japanese sentence (its account service's messages); the sentence about the code names it
 * (確認コード), every other 400 is about the password. Too many tries (429) and anything else: above the form.
 */
export function resetRefusalOf(error: unknown, badRequestField: 'login' | 'confirm'): ResetRefusal {
  if (error instanceof NetworkError) return { field: 'form', message: ApiErrorMessage.network };
  if (!(error instanceof ApiError)) return { field: 'form', message: ApiErrorMessage.server };
  if (error.status === 429)
    return { field: 'form', message: error.detail === '' ? tooManyMessage : error.detail };
  if (error.status === 400 && error.detail !== '') {
    if (badRequestField === 'login') return { field: 'login', message: error.detail };
    return { field: error.detail.includes('確認コード') ? 'code' : 'newPassword', message: error.detail };
  }
  return { field: 'form', message: error.detail === '' ? ApiErrorMessage.server : error.detail };
}
