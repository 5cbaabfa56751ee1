import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Content Security Policy of the web app and the API (security.md 29). Scripts, styles, images and
 * connections come from our own origin only; no inline script or eval (the Vite build needs neither);
 * Trusted Types are required, so a string can never reach an HTML/script sink (innerHTML and friends)
 * without going through a policy; nothing may frame the pages or submit forms elsewhere.
 */
export function contentSecurityPolicyDirectives(
  publicOrigin: string,
  /** The electronic trade-report site (PARTNER_TRADE_REPORTS_URL), whose page the app frames. */
  tradeReportsUrl?: string,
): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    ...(tradeReportsUrl === undefined ? {} : { 'frame-src': ["'self'", new URL(tradeReportsUrl).origin] }),
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // React's style={} props go through the CSSOM, which style-src does not govern; style="" markup does.
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'require-trusted-types-for': ["'script'"],
    // Only when served over https: on http://localhost it would upgrade the app's own asset requests.
    ...(publicOrigin.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export interface SecurityHeadersPluginOptions {
  readonly publicOrigin: string;
  readonly tradeReportsUrl?: string | undefined;
}

export const securityHeadersPlugin = fp<SecurityHeadersPluginOptions>(
  async (app, { publicOrigin, tradeReportsUrl }) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicyDirectives(publicOrigin, tradeReportsUrl),
      },
      // two years, the HSTS preload list's minimum; subdomains too, so no sibling host can be downgraded
      strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true, preload: false },
      // Paths and query strings (OAuth code and state, hashed user ids handed to partner sites) never
      // leave the origin, while same-origin requests keep their Referer. Not `no-referrer`: with it,
      // browsers send `Origin: null` on same-origin HTML form posts (the identity service's sign-in
      // pages), which defeats Origin-based CSRF checks.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    });

    app.addHook('onSend', async (_request, reply, payload) => {
      // spec §2: no page of the service is to be indexed; the API and assets neither
      reply.header('x-robots-tag', 'noindex, nofollow');
      // API answers may carry personal and financial data (security.md 31): no cache keeps them unless
      // a route deliberately chose a cache policy, as the web app's static files do.
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
