import { useMemo } from 'react';
import { toRichTextHtml } from './sanitize-rich-text';
import './rich-text.css';

export interface RichTextProps {
  /** HTML as authored (a notice body); only the spec §5 allow-list of it reaches the page. */
  readonly html: string;
  readonly className?: string;
}

/**
 * Shows rich text through the sanitiser: the markup goes into the page as TrustedHTML of the
 * `fund-rich-text` policy (or as a sanitised string where the browser has no Trusted Types).
 */
export function RichText({ html, className }: RichTextProps) {
  const content = useMemo(() => toRichTextHtml(html), [html]);
  return (
    <div
      className={className === undefined ? 'rich-text' : `rich-text ${className}`}
      dangerouslySetInnerHTML={{ __html: content }}
    />
  );
}
