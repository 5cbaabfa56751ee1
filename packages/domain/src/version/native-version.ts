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
 * Orders two versions by major, then minor, then patch, each compared as a number: negative when `a` is
 * older, 0 when equal, positive when newer. 1.10.0 is newer than 1.9.9 (a string comparison says older).
 */
export function compareNativeVersions(a: NativeVersion, b: NativeVersion): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/**
 * The native version check (spec §4, decision 026): 'update' when the current app is older than the
 * required version, comparing major, minor and patch numerically in that order, never as strings; 'stay'
 * otherwise. Decision 005 first applied the spec's sentence literally (any part of the required version
 * greater than the same part → update), which asks 2.0.0 and 1.10.0 to update to 1.1.1 for ever; 026
 * replaced it. A missing or unreadable current version gets 'update': an app that cannot say its
 * version is treated as too old.
 */
export function checkNativeVersion(
  current: string | undefined,
  required: string = requiredNativeVersion,
): NativeVersionCheck {
  const need = parseNativeVersion(required);
  if (need === undefined) throw new RangeError(`Invalid required version ${required}`);
  const have = current === undefined ? undefined : parseNativeVersion(current);
  if (have === undefined) return 'update';
  return compareNativeVersions(have, need) < 0 ? 'update' : 'stay';
}
