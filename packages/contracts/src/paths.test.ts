import { describe, expect, it } from 'vitest';
import { isApiPath } from './paths.ts';

describe('isApiPath', () => {
  it.each([
    '/v1/informations',
    '/v1',
    '/v6/accounts',
    '/auth/v1/login',
    '/oidc-admin/token',
    '/oidc-admin',
    '/maintenance/status',
    '/healthz',
    '/docs',
    '/docs/json',
  ])('treats %s as an API path', (path) => {
    expect(isApiPath(path)).toBe(true);
  });

  it.each(['/', '/trading/buy/ABC/input', '/assets', '/v10/x', '/docsearch', '/healthzz', '/mypage'])(
    'treats %s as a web app path',
    (path) => {
      expect(isApiPath(path)).toBe(false);
    },
  );
});
