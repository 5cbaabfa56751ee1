/** Whether `pathname` is `base` or a page below it ("/assets/nisaBalance" is below "/assets"). */
function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export type TabKey = 'home' | 'assets' | 'trading' | 'notifications';

/**
 * The tab whose section the page belongs to: 資産 covers the asset pages and the money history
 * (/cashflows: 入出金・取引履歴 is where a customer checks what moved their assets), 取引 every trading
 * flow. マイページ belongs to no tab; it is reached through メニュー.
 */
export function currentTab(pathname: string): TabKey | null {
  if (pathname === '/') return 'home';
  if (isWithin(pathname, '/assets') || isWithin(pathname, '/cashflows')) return 'assets';
  if (isWithin(pathname, '/trading')) return 'trading';
  if (isWithin(pathname, '/notifications')) return 'notifications';
  return null;
}
