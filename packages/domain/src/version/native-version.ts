/** Minimum native app version (spec §4, §9). */
export const requiredNativeVersion = '1.1.1';

export type NativeVersionCheck = 'update' | 'stay';

export interface NativeVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

const versionPattern = /^(\d+)\.(\d+)\.(\d+)$/;

/** `major.minor.patch` in plain digits, or undefined. */
export function parseNativeVersion(text: string): NativeVersion | undefined {
  const match = versionPattern.exec(text);
  if (match === null) return undefined;
  const [major, minor, patch] = [match[1], match[2], match[3]].map(Number);
  if (major === undefined || minor === undefined || patch === undefined) return undefined;
  if (![major, minor, patch].every(Number.isSafeInteger)) return undefined;
  return { major, minor, patch };
}

/**
 * The spec's rule, literally (spec §4): compare major, minor and patch separately; if ANY part of the
 * required version is greater than the same part of the current version the answer is 'update', else
 * 'stay'. It is neither lexicographic nor semantic-version ordering: with 1.1.1 required, 2.0.0 gets
 * 'update' because the required minor 1 is greater than 0 — the spec's stated behaviour, kept on purpose
 * so the web app matches the native apps that shipped with it. A missing or unreadable current version
 * gets 'update': an app that cannot say its version is treated as too old.
 */
export function checkNativeVersion(
  current: string | undefined,
  required: string = requiredNativeVersion,
): NativeVersionCheck {
  const need = parseNativeVersion(required);
  if (need === undefined) throw new RangeError(`Invalid required version ${required}`);
  const have = current === undefined ? undefined : parseNativeVersion(current);
  if (have === undefined) return 'update';
  const anyPartHigher = need.major > have.major || need.minor > have.minor || need.patch > have.patch;
  return anyPartHigher ? 'update' : 'stay';
}
