import { local, LocalKey, readItem, removeItem, writeItem } from './storage-keys';

/** The stored token set (spec §3), in local storage under the app's prefix. */
export interface StoredTokenSet {
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_in?: number;
  readonly refresh_token?: string;
  readonly scope?: string;
}

function optional<K extends string, T>(key: K, value: unknown, type: 'string' | 'number'): { [P in K]?: T } {
  return (typeof value === type ? { [key]: value } : {}) as { [P in K]?: T };
}

/** Only the five fields of spec §3 are kept (an ID token, for one, is not stored). */
export function toStoredTokenSet(value: unknown): StoredTokenSet | null {
  if (value === null || typeof value !== 'object') return null;
  const { access_token, token_type, expires_in, refresh_token, scope } = value as Record<string, unknown>;
  if (typeof access_token !== 'string' || access_token === '' || typeof token_type !== 'string') return null;
  return {
    access_token,
    token_type,
    ...optional<'expires_in', number>('expires_in', expires_in, 'number'),
    ...optional<'refresh_token', string>('refresh_token', refresh_token, 'string'),
    ...optional<'scope', string>('scope', scope, 'string'),
  };
}

export function readTokenSet(): StoredTokenSet | null {
  const raw = readItem(local, LocalKey.tokens);
  if (raw === null) return null;
  try {
    return toStoredTokenSet(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeTokenSet(tokens: StoredTokenSet): void {
  const stored = toStoredTokenSet(tokens);
  if (stored !== null) writeItem(local, LocalKey.tokens, JSON.stringify(stored));
}

export function clearTokenSet(): void {
  removeItem(local, LocalKey.tokens);
}

/** The device id the identity service adds to the return from sign-in (spec §4). */
export function readDeviceId(): string | null {
  return readItem(local, LocalKey.deviceId);
}

export function writeDeviceId(deviceId: string): void {
  writeItem(local, LocalKey.deviceId, deviceId);
}
