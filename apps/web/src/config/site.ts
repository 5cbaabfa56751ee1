/**
 * The service name shown in the header, the footer and every document title. The spec gives no product
 * name, so this is a neutral description rather than a brand. `vite.config.ts` writes it into index.html.
 */
export const SERVICE_NAME = '投資信託 オンラインサービス';

export function documentTitle(pageTitle: string): string {
  return `${pageTitle} | ${SERVICE_NAME}`;
}
