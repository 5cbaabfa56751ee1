import type { AccountRoleType } from '@fund/contracts';
import { useMemo } from 'react';
import { readSessionUser } from './session-user';

/**
 * The signed-in customer's AccountRoleType (spec §3), which decides what a screen offers (decision 012
 * "Roles"). The root loading writes it before any page shows; null when it could not be loaded, and a
 * screen then offers what every role may see.
 */
export function useAccountRole(): AccountRoleType | null {
  return useMemo(() => readSessionUser()?.accountRole ?? null, []);
}
