import type { AccountRoleType } from '@fund/contracts';
import { createContext, useContext, useMemo } from 'react';
import { readSessionUser } from './session-user';

/**
 * The role of the customer whose screens an operator views (decision 024): the opened customer's, not
 * the browser's own customer session (the console has none, or another customer's from the same
 * browser). Undefined outside the console.
 */
export const ActingAccountRoleContext = createContext<AccountRoleType | undefined>(undefined);

/**
 * The customer's AccountRoleType (spec §3), which decides what a screen offers (decision 012 "Roles"):
 * the signed-in customer's, which the root loading writes before any page shows, or the opened customer's
 * while an operator acts for them. Null when it could not be loaded, and a screen then offers what every
 * role may see.
 */
export function useAccountRole(): AccountRoleType | null {
  const acting = useContext(ActingAccountRoleContext);
  const signedIn = useMemo(() => readSessionUser()?.accountRole ?? null, []);
  return acting ?? signedIn;
}
