// npm run secrets -- generate                      every secret production needs, as environment-file lines
// npm run secrets -- rotate-signing-key            OIDC_JWKS with a new signing key first (reads OIDC_JWKS)
// npm run secrets -- remove-signing-key <kid>      OIDC_JWKS without an old key (reads OIDC_JWKS)
// npm run secrets -- rotate-cookie-key             OIDC_COOKIE_KEYS with a new key first (reads OIDC_COOKIE_KEYS)
// The lines go to standard output only: redirect them into the secrets store, never into the repository.
import type { JWK } from 'jose';
import { ConfigError, loadConfig, type Config } from '../config/config.ts';
import {
  environmentLine,
  newCookieKey,
  productionSecrets,
  withNewSigningKey,
  withoutSigningKey,
} from './production-secrets.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The current secrets, read by the settings parser as the server reads them. */
function currentIdentity(): Config['identity'] {
  try {
    return loadConfig().identity;
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

function currentKeySet(): { keys: JWK[] } {
  const jwks = currentIdentity().jwks;
  if (jwks === undefined) fail('OIDC_JWKS is not set: load the current secrets first.');
  return { keys: jwks.keys.map((key) => ({ ...key })) };
}

function currentCookieKeys(): readonly string[] {
  const keys = currentIdentity().cookieKeys;
  if (keys === undefined) fail('OIDC_COOKIE_KEYS is not set: load the current secrets first.');
  return keys;
}

const [command, argument] = process.argv.slice(2);
switch (command) {
  case 'generate': {
    for (const [name, value] of Object.entries(await productionSecrets())) {
      console.log(environmentLine(name, value));
    }
    break;
  }
  case 'rotate-signing-key':
    console.log(environmentLine('OIDC_JWKS', JSON.stringify(await withNewSigningKey(currentKeySet()))));
    break;
  case 'remove-signing-key': {
    if (argument === undefined) fail('Usage: npm run secrets -- remove-signing-key <kid>');
    try {
      console.log(environmentLine('OIDC_JWKS', JSON.stringify(withoutSigningKey(currentKeySet(), argument))));
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
    break;
  }
  case 'rotate-cookie-key':
    console.log(environmentLine('OIDC_COOKIE_KEYS', [newCookieKey(), ...currentCookieKeys()].join(',')));
    break;
  default:
    fail(
      'Usage: npm run secrets -- generate | rotate-signing-key | remove-signing-key <kid> | rotate-cookie-key',
    );
}
