import { useDocumentTitle } from '../../lib/dom/use-document-title';

export interface PageHeadingProps {
  readonly title: string;
  /** For a heading not in Japanese, so screen readers pronounce it right. */
  readonly lang?: string;
  /** The document title when it differs from the heading. */
  readonly documentTitle?: string;
}

/**
 * A page's h1, which also names the browser tab. It takes focus (tabIndex -1) when a new page arrives so
 * screen readers announce it.
 */
export function PageHeading({ title, lang, documentTitle }: PageHeadingProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <h1 className="page-heading" tabIndex={-1} lang={lang}>
      {title}
    </h1>
  );
}
