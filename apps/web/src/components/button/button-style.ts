import type { CSSProperties } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'text';

/** Look and size shared by the button and its link variant (spec §2 shared pieces). */
export interface ButtonLookProps {
  /** Colour style; default primary. */
  readonly variant?: ButtonVariant;
  readonly bold?: boolean;
  /** A CSS length; a number means pixels. */
  readonly width?: CSSProperties['width'];
  readonly height?: CSSProperties['height'];
  readonly fontSize?: CSSProperties['fontSize'];
}

export function buttonClassName(
  { variant = 'primary', bold = false }: ButtonLookProps,
  extra: { loading?: boolean; className?: string | undefined } = {},
): string {
  return [
    'button',
    `button--${variant}`,
    bold ? 'button--bold' : null,
    extra.loading === true ? 'button--loading' : null,
    extra.className ?? null,
  ]
    .filter((name) => name !== null)
    .join(' ');
}

/**
 * Sizes go through React's style property, which sets them through the CSSOM: allowed under the server's
 * CSP, which refuses inline style attributes in markup and injected <style> elements.
 */
export function buttonSizeStyle(
  { width, height, fontSize }: ButtonLookProps,
  style?: CSSProperties,
): CSSProperties | undefined {
  const size: CSSProperties = {};
  if (width !== undefined) size.width = width;
  if (height !== undefined) size.height = height;
  if (fontSize !== undefined) size.fontSize = fontSize;
  return style === undefined && Object.keys(size).length === 0 ? undefined : { ...style, ...size };
}
