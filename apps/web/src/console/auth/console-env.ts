import { webBuildVariants } from '@fund/contracts/paths';
import { env } from '../../config/env';

// The operator sign-in's settings (decision 006, 024): its own provider, client and return address,
// apart from the customer app's (src/config/env.ts reads them with the others).

export interface ConsoleEnv {
  /** Issuer of the operators' OpenID provider (`<origin>/oidc-admin`). */
  readonly issuer: string;
  /** The admin build's public OAuth client. */
  readonly clientId: string;
  /** Where the provider returns after sign-in: the console's root (`<origin>/admin/`), as `fund-admin` is registered. */
  readonly redirectUri: string;
}

export const consoleEnv: ConsoleEnv = Object.freeze({
  issuer: env.adminIdentityIssuer,
  clientId: env.adminOidcClientId,
  redirectUri: new URL(webBuildVariants.admin.path, window.location.origin).href,
});
