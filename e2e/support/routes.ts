/** The 24 routes of spec §2 as a visitor opens them, with the title each page shows. */
export const fundCode = 'GLB001';

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
  [`/trading/scheduledBuy/${fundCode}/inputAmount`, '積立金額の入力'],
  [`/trading/scheduledBuy/${fundCode}/confirm`, '積立内容の確認'],
];
