import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting, written out rather than left to the library's
 * defaults, so an upgrade of the library cannot weaken stored hashes silently (security.md 17, library
 * notes): the stored string reads `$argon2id$v=19$m=19456,t=2,p=1$…`.
 */
export const passwordHashOptions = {
  // Algorithm.Argon2id; the library's const enum cannot be read under verbatimModuleSyntax
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

export const passwordHashPrefix = '$argon2id$v=19$m=19456,t=2,p=1$';

export async function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

/** False for a wrong password and for a stored value that is not a valid hash (never throws for either). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody knows, verified when the account number is unknown, so an unknown account
 * costs the same time as a wrong password and timing does not tell which accounts exist (security.md 14).
 */
const dummyHash = hashPassword('unknown-account-dummy-password');

export async function verifyDummyPassword(password: string): Promise<void> {
  await verifyPassword(await dummyHash, password);
}
