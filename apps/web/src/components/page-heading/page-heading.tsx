import { useDocumentTitle } from '../../lib/dom/use-document-title';
import { useFocusOnMount } from '../../lib/dom/use-focus-on-mount';

export interface PageHeadingProps {
  readonly title: string;
  /** For a heading not in Japanese, so screen readers pronounce it right. */
  readonly lang?: string;
  /** The document title when it differs from the heading. */
  readonly documentTitle?: string;
  /**
   * Takes the focus when it appears, for a heading that replaces the page's content without a new page
   * (a completion in place of its confirmation), so the focus does not fall to <body>.
   */
  readonly focusOnMount?: boolean;
}

/**
 * A page's h1, which also names the browser tab. It takes focus (tabIndex -1) when a new page arrives so
 * screen readers announce it.
 */
export function PageHeading({ title, lang, documentTitle, focusOnMount = false }: PageHeadingProps) {
  useDocumentTitle(documentTitle ?? title);
  const ref = useFocusOnMount<HTMLHeadingElement>(focusOnMount);
  return (
    <h1 ref={ref} className="page-heading" tabIndex={-1} lang={lang}>
      {title}
    </h1>
  );
}
