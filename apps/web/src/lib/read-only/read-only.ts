import { createContext, useContext } from 'react';
import type { To } from 'react-router';

/**
 * Whether the screens are shown read-only: an operator viewing a customer's screens in the console
 * (spec §6, decision 024). The customer app never sets it; controls that change something (`writes` on
 * Button, a LinkButton to a write screen) are then disabled.
 */
export const ReadOnlyContext = createContext(false);

export function useReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}

/** Screens of the customer app that place, change or cancel something (orders, plans, settings, card link). */
const writeScreenPrefixes = [
  '/trading/buy/',
  '/trading/sell/',
  '/trading/scheduledBuy/',
  '/trading/monthlyDeposit',
  '/saisonConnect',
  '/mypage/changeAgent',
] as const;

/** Whether a link target is one of the write screens. */
export function isWriteScreen(to: To): boolean {
  const path = typeof to === 'string' ? to : (to.pathname ?? '');
  return writeScreenPrefixes.some((prefix) => path.startsWith(prefix));
}

/** Said beside (as the title of) a control disabled because the screens are read-only. */
export const readOnlyControlTitle = '代理閲覧中のため操作できません';
