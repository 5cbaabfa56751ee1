import type Provider from 'oidc-provider';

/**
 * oidc-provider writes its auto-submitting form (form_post answers, the sign-out confirmation without a
 * session) in English, with no hook to replace it: its texts are put in Japanese after the fact, like
 * every other identity page (issue 13 point 11). The inline script is left as it is: its CSP hash stays
 * valid.
 */
export function translateFormPost(html: string): string {
  if (!html.includes('<title>Submitting Callback</title>')) return html;
  return html
    .replace('<html>', '<html lang="ja">')
    .replace('<title>Submitting Callback</title>', '<title>処理中です</title>')
    .replace(
      "Your browser does not support JavaScript or you've disabled it.",
      'JavaScript が無効になっているため、自動で次の画面に進めません。下のボタンを押してください。',
    )
    .replace(
      '<button autofocus type="submit">Continue</button>',
      '<button autofocus type="submit">次へ進む</button>',
    );
}

/** Installs translateFormPost on a provider's answers. */
export function useJapaneseFormPost(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    if (typeof ctx.body === 'string') ctx.body = translateFormPost(ctx.body);
  });
}
