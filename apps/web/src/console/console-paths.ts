import { webBuildVariants } from '@fund/contracts/paths';

// Where the operator console lives (contracts `webBuildVariants.admin`, decision 024) and its screens.

/** The console's router basename: `/admin`. */
export const consoleBasename = webBuildVariants.admin.path.replace(/\/$/, '');

/** Screens of the console (relative to the basename). */
export const ConsolePage = {
  search: '/',
  auditTrail: '/audit',
} as const;

/** Acting for a customer: `/admin/customers/<baasId>/…` (spec §2, §6: baasId in the route). */
const actingPattern = /^\/admin\/customers\/(\d{7})(?:\/|$)/;

/** The customer's 口座番号 (baasId) when the path is one of the acting screens; undefined otherwise. */
export function actingBaasIdOf(pathname: string): string | undefined {
  return actingPattern.exec(pathname)?.[1];
}

/** The acting screens' basename for a customer: the customer's pages hang below it as in the customer app. */
export function actingBasename(baasId: string): string {
  return `${consoleBasename}/customers/${baasId}`;
}
