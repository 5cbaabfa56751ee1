import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { IdentityConfig } from '../config/identity-config.ts';

/**
 * The OpenID provider's signing keys: the private set signs ID and access tokens, the public set is what
 * the provider publishes at /oidc/jwks and what the API verifies bearer tokens with (auth.plugin.ts).
 */
export interface SigningKeys {
  readonly privateJwks: { keys: JWK[] };
  readonly publicJwks: { keys: JWK[] };
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly signingKeys: SigningKeys;
  }
}

/** Only these may sign our tokens: what the generated development key uses and what the API accepts. */
export const signingAlgorithms = ['ES256', 'PS256', 'RS256', 'EdDSA'] as const;

async function generateDevelopmentJwks(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, alg: 'ES256', use: 'sig', kid: await calculateJwkThumbprint(jwk) }] };
}

/**
 * Development keys are created once and kept in a file readable by this user only; the first process
 * to create the file wins (`wx`), so processes started together end up with the same key.
 */
async function developmentJwks(file: string | undefined): Promise<{ keys: JWK[] }> {
  if (file === undefined) return generateDevelopmentJwks();
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { keys: JWK[] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = await generateDevelopmentJwks();
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(readFileSync(file, 'utf8')) as { keys: JWK[] };
  }
}

const privateMembers = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k', 'priv']);

export function publicJwksOf(privateJwks: { keys: readonly JWK[] }): { keys: JWK[] } {
  return {
    keys: privateJwks.keys.map(
      (key) => Object.fromEntries(Object.entries(key).filter(([name]) => !privateMembers.has(name))) as JWK,
    ),
  };
}

export async function loadSigningKeys(identity: IdentityConfig): Promise<SigningKeys> {
  const privateJwks =
    identity.jwks === undefined
      ? await developmentJwks(identity.jwksFile)
      : { keys: identity.jwks.keys.map((key) => ({ ...key }) as JWK) };
  return { privateJwks, publicJwks: publicJwksOf(privateJwks) };
}

export interface SigningKeysPluginOptions {
  readonly identity: IdentityConfig;
}

export const signingKeysPlugin = fp<SigningKeysPluginOptions>(
  async (app, { identity }) => {
    app.decorate('signingKeys', await loadSigningKeys(identity));
  },
  { name: 'signing-keys', fastify: '5.x' },
);
