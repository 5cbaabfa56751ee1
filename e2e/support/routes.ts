/** The 24 routes of spec §2 as a visitor opens them, with the title each page shows. */
/** A demo fund (packages/db seed) that the main demo customer holds, so every trading page has real data. */
export const fundCode = 'DEMOF003';

export const routeTitles: ReadonlyArray<readonly [path: string, title: string]> = [
  ['/', 'ホーム'],
  ['/assets', '資産状況'],
  ['/assets/nisaBalance', 'NISA口座の残高'],
  ['/cashflows', '入出金'],
  ['/mypage', 'マイページ'],
  ['/mypage/changeAgent', '代理人の変更'],
  ['/new', '口座開設のお申し込み'],
  ['/notifications', 'お知らせ'],
  ['/redirect/openAccount', 'リダイレクトしています'],
  ['/redirect/resetPassword', 'リダイレクトしています'],
  ['/resetPassword', 'パスワードの再設定'],
  ['/resetPassword/done', 'パスワードの再設定が完了しました'],
  ['/saisonConnect', 'セゾンカードとの連携'],
  ['/saisonConnect/error', '連携できませんでした'],
  ['/saisonConnect/mfa', '本人認証'],
  ['/saisonConnect/mfaError', '本人認証できませんでした'],
  ['/trading', '取引'],
  [`/trading/buy/${fundCode}/input`, '購入金額の入力'],
  [`/trading/buy/${fundCode}/confirm`, '購入内容の確認'],
  [`/trading/sell/${fundCode}`, '売却'],
  ['/trading/monthlyDeposit', '毎月の入金'],
  [`/trading/scheduledBuy/${fundCode}/inputType`, '積立方法の選択'],
  // opened from the step before it, with that step's choices (without them it sends the visitor back)
  [`/trading/scheduledBuy/${fundCode}/inputAmount?pay=ACCOUNT_TRANSFER&account=specific`, '積立金額の入力'],
  [
    `/trading/scheduledBuy/${fundCode}/confirm?pay=ACCOUNT_TRANSFER&account=specific&amount=10000`,
    '積立内容の確認',
  ],
];

/**
 * The redirect landings hand the visitor on at once (/resetPassword, the sign-in page), and so does the
 * card issuer's MFA return opened without this tab's state (to /saisonConnect/error): the checks of a page
 * that stays do not apply; e2e/signed-out-pages.e2e.ts and e2e/card-link.e2e.ts follow them.
 */
export const landingPaths: ReadonlySet<string> = new Set([
  '/redirect/openAccount',
  '/redirect/resetPassword',
  '/saisonConnect/mfa',
]);

/** The routes whose page stays on screen when opened. */
export const stayingRouteTitles = routeTitles.filter(([path]) => !landingPaths.has(path));
