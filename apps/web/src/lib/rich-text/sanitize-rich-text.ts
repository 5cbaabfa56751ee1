import DOMPurify, { type Config } from 'dompurify';
import { withoutInlineCode } from './without-inline-code';

// Rich text of notices (spec §5, security.md 30): only a fixed list of block and inline tags plus images;
// only the classes fs-s, text-right and mgt-1 on div and text-alert on span; everything else is dropped.
// Only the notifications route and my page's documents import this module, so DOMPurify stays out of the
// first-screen bundle.

/** Block tags kept (with their content). */
export const richTextBlockTags = [
  'p',
  'div',
  'br',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'hr',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** Inline tags kept (with their content), and images. */
export const richTextInlineTags = [
  'a',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'span',
  'small',
  'sup',
  'sub',
  'img',
] as const;

/** The only attributes kept, per tag; every other attribute (style, on*, id, data-*, aria-*) goes. */
const attributesByTag: Readonly<Record<string, ReadonlySet<string>>> = {
  a: new Set(['href']),
  img: new Set(['src', 'alt', 'width', 'height']),
  div: new Set(['class']),
  span: new Set(['class']),
};

/** The only class names kept, per tag (spec §5); other class names are removed, the element stays. */
export const richTextClassesByTag: Readonly<Record<string, ReadonlySet<string>>> = {
  div: new Set(['fs-s', 'text-right', 'mgt-1']),
  span: new Set(['text-alert']),
};

const noAttributes: ReadonlySet<string> = new Set();
const linkProtocols: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/** Links: http(s) and mailto only (relative links resolve to our own http(s) origin). */
export function isAllowedLink(value: string, base: string = document.baseURI): boolean {
  try {
    return linkProtocols.has(new URL(value, base).protocol);
  } catch {
    return false;
  }
}

/** Images: https from anywhere, or our own origin (no data:, blob:, javascript: or plain http elsewhere). */
export function isAllowedImageSource(
  value: string,
  base: string = document.baseURI,
  origin: string = window.location.origin,
): boolean {
  try {
    const url = new URL(value, base);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && url.origin === origin;
  } catch {
    return false;
  }
}

/** A pixel size as authored (width="320"); anything else (percentages, expressions) is dropped. */
const pixelSize = /^\d{1,4}$/;

const config: Config = {
  ALLOWED_TAGS: [...richTextBlockTags, ...richTextInlineTags],
  ALLOWED_ATTR: ['href', 'src', 'alt', 'width', 'height', 'class'],
  ALLOW_ARIA_ATTR: false,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
};

/** One DOMPurify instance of our own, so its hooks never touch another user of the library. */
let purifier: ReturnType<typeof DOMPurify> | undefined;

function restrictAttributes(node: Element): void {
  const tag = node.localName;
  const allowed = attributesByTag[tag] ?? noAttributes;
  for (const attribute of Array.from(node.attributes)) {
    if (!allowed.has(attribute.name)) node.removeAttribute(attribute.name);
  }

  const classes = richTextClassesByTag[tag];
  if (classes !== undefined && node.hasAttribute('class')) {
    const kept = [...new Set((node.getAttribute('class') ?? '').split(/\s+/))].filter((name) =>
      classes.has(name),
    );
    if (kept.length === 0) node.removeAttribute('class');
    else node.setAttribute('class', kept.join(' '));
  }

  if (tag === 'a') {
    const href = node.getAttribute('href');
    if (href !== null && !isAllowedLink(href)) node.removeAttribute('href');
    if (node.hasAttribute('href')) {
      // spec §7: an external link opens in a new window without a way back to the app's window
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  }

  if (tag === 'img') {
    const src = node.getAttribute('src');
    if (src !== null && !isAllowedImageSource(src)) node.removeAttribute('src');
    for (const size of ['width', 'height']) {
      const value = node.getAttribute(size);
      if (value !== null && !pixelSize.test(value.trim())) node.removeAttribute(size);
    }
  }
}

function purifierInstance(): ReturnType<typeof DOMPurify> {
  if (purifier !== undefined) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeType === Node.ELEMENT_NODE) restrictAttributes(node as Element);
  });
  purifier = instance;
  return instance;
}

/** DOMPurify with the allow-list alone: it decides what stays (exported so tests can check it alone). */
export function purifyRichText(html: string): string {
  return purifierInstance().sanitize(html, config);
}

/**
 * The body with only the spec's allow-list left, as an HTML string (for the policy below and tests).
 * Inline handlers and styles are taken out before the parse (without-inline-code.ts), so that parsing a
 * hostile body does not set off CSP reports; DOMPurify then keeps only the allow-list.
 */
export function sanitizeRichText(html: string): string {
  return purifyRichText(withoutInlineCode(html));
}

/** The Trusted Types policy that alone may turn notice bodies into HTML (security.md 29, 30). */
export const richTextPolicyName = 'fund-rich-text';

interface RichTextPolicy {
  createHTML(input: string): TrustedHTML;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): RichTextPolicy;
}

/** Created once, on first use; null where the browser has no Trusted Types. */
let policy: RichTextPolicy | null | undefined;

function richTextPolicy(): RichTextPolicy | null {
  if (policy !== undefined) return policy;
  const factory = (window as unknown as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  // Every TrustedHTML this policy makes is sanitised output: the policy is the sanitiser. DOMPurify parses
  // the raw string into an inert document with its own internal policy (`dompurify`) on the way.
  policy = factory?.createPolicy(richTextPolicyName, { createHTML: sanitizeRichText }) ?? null;
  return policy;
}

/**
 * Sanitised HTML ready for an HTML sink: TrustedHTML from the `fund-rich-text` policy where the browser
 * enforces Trusted Types (the server's CSP requires them for scripts), a plain string elsewhere.
 */
export function toRichTextHtml(html: string): TrustedHTML | string {
  const trusted = richTextPolicy();
  return trusted === null ? sanitizeRichText(html) : trusted.createHTML(html);
}
