import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys of the second-factor services, all derived from MFA_ENCRYPTION_KEY with HKDF so one secret in the
 * configuration serves several purposes without any two sharing a key.
 */
export interface MfaKeys {
  /** AES-256-GCM key of TOTP secrets at rest. */
  readonly secretEncryptionKey: Buffer;
  /** HMAC-SHA256 key of emailed codes. */
  readonly codeHashKey: Buffer;
}

// Public by design: it only keeps development databases from holding TOTP secrets in clear; production
// refuses to start without MFA_ENCRYPTION_KEY (config.ts).
const developmentMasterKey = createHash('sha256')
  .update('fund development MFA key: public, never used in production')
  .digest();

export function deriveMfaKeys(masterKey: Uint8Array | undefined): MfaKeys {
  const master = masterKey ?? developmentMasterKey;
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', master, 'fund-mfa', purpose, 32));
  return {
    secretEncryptionKey: derive('totp-secret-encryption'),
    codeHashKey: derive('verification-code-hmac'),
  };
}

const format = 'v1';

/**
 * AES-256-GCM with a random 96-bit nonce. `context` (e.g. the customer id) is authenticated but not
 * stored, so a ciphertext copied into another customer's row does not decrypt.
 */
export function encryptSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [format, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws when the value was not made by `encryptSecret` with this key and context. */
export function decryptSecret(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (
    version !== format ||
    iv === undefined ||
    tag === undefined ||
    ciphertext === undefined ||
    rest.length > 0
  ) {
    throw new Error('Not an encrypted MFA secret of a known format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
