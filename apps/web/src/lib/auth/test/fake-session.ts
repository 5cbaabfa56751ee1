import { LocalKey } from '../storage-keys';
import { fakeAccessToken } from './fake-jwt';

/**
 * For tests that render signed-in pages (e.g. the whole app on a memory router): stores a token set whose
 * access token is valid for an hour, so the session gate lets every page render without any call.
 */
export function seedSignedInSession(username = '1234567'): void {
  window.localStorage.setItem(
    LocalKey.tokens,
    JSON.stringify({
      access_token: fakeAccessToken(3600, username),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: 'test-refresh-token',
      scope: 'openid offline user.write',
    }),
  );
}
