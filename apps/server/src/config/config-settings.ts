import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * What every part of the configuration shares: the repository root, how a variable is documented and
 * refused, and the parsers of the common kinds of value (switches, counts, paths, secrets).
 */

/** Repository root: relative directories in the environment resolve against it, not against the cwd. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** One environment variable as documented in the table of docs/configuration.md. */
export interface ConfigVariable {
  readonly name: string;
  readonly default: string;
  readonly description: string;
}

export interface ConfigIssue {
  readonly variable: string;
  readonly message: string;
}

export const booleanWords: Readonly<Record<string, boolean>> = {
  true: true,
  false: false,
  on: true,
  off: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

export const switchSetting = z.string().transform((value, context) => {
  const parsed = booleanWords[value.toLowerCase()];
  if (parsed === undefined) {
    context.addIssue({
      code: 'custom',
      message: `must be on or off (or true/false, yes/no, 1/0), got "${value}"`,
    });
    return z.NEVER;
  }
  return parsed;
});

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().transform((value, context) => {
    if (!(values as readonly string[]).includes(value)) {
      context.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}, got "${value}"` });
      return z.NEVER;
    }
    return value as T[number];
  });
}

export const pathSetting = z
  .string()
  .transform((value) => (value === 'memory://' ? value : path.resolve(repoRoot, value)));

export function countSetting(min: number, max: number) {
  return z.string().transform((value, context) => {
    const count = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
    if (!(count >= min && count <= max)) {
      context.addIssue({
        code: 'custom',
        message: `must be a whole number from ${min} to ${max}, got "${value}"`,
      });
      return z.NEVER;
    }
    return count;
  });
}

// Secrets are never echoed in messages.
export const secretSetting = z.string().transform((value, context) => {
  if (value.length < 32) {
    context.addIssue({ code: 'custom', message: 'must be at least 32 characters long (value not shown)' });
    return z.NEVER;
  }
  return value;
});

export const secretListSetting = z.string().transform((value, context) => {
  const secrets = value.split(',').map((entry) => entry.trim());
  if (secrets.some((secret) => secret.length < 32)) {
    context.addIssue({
      code: 'custom',
      message: 'must be comma-separated secrets of at least 32 characters each (value not shown)',
    });
    return z.NEVER;
  }
  return secrets;
});

/** An http(s) address of another system, without a query or fragment; kept without a trailing slash. */
export const addressSetting = z.string().transform((value, context) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    url === undefined ||
    !['http:', 'https:'].includes(url.protocol) ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    context.addIssue({ code: 'custom', message: `must be an http(s) address without query, got "${value}"` });
    return z.NEVER;
  }
  return url.href.replace(/\/+$/, '');
});
