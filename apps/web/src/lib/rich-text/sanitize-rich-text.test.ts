import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isAllowedImageSource,
  isAllowedLink,
  purifyRichText,
  richTextBlockTags,
  richTextInlineTags,
  sanitizeRichText as sanitizeWithPrePass,
} from './sanitize-rich-text';

// security.md 30: notice bodies keep only the spec §5 allow-list (spec §5); no script can run from them.

const allowedTags = new Set<string>([...richTextBlockTags, ...richTextInlineTags]);

/** Whole pipeline, or DOMPurify alone (the pre-pass must not be what makes the attacks fail). */
let sanitizeRichText = sanitizeWithPrePass;

/** The sanitised markup as a DOM (in an inert template), to assert on elements rather than on text. */
function parsed(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = sanitizeRichText(html);
  return template.content;
}

/** Every element of the output is allowed, and no attribute could run script or load something unsafe. */
function expectOnlyAllowList(html: string): DocumentFragment {
  const fragment = parsed(html);
  for (const element of Array.from(fragment.querySelectorAll('*'))) {
    expect(allowedTags, `<${element.localName}> in ${html}`).toContain(element.localName);
    for (const attribute of Array.from(element.attributes)) {
      expect(attribute.name, `${attribute.name} on <${element.localName}> in ${html}`).toMatch(
        /^(href|target|rel|src|alt|width|height|class)$/,
      );
      expect(attribute.value).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
  }
  return fragment;
}

afterEach(() => {
  vi.resetModules();
});

describe.each([
  ['sanitizeRichText', sanitizeWithPrePass],
  ['DOMPurify stage alone', purifyRichText],
])('%s: attack vectors (security.md 30)', (_name, sanitizer) => {
  beforeEach(() => {
    sanitizeRichText = sanitizer;
  });
  afterEach(() => {
    sanitizeRichText = sanitizeWithPrePass;
  });

  it('<img src=x onerror=…> keeps the image, never the handler', () => {
    const fragment = expectOnlyAllowList('<img src=x onerror=alert(1)>');
    const image = fragment.querySelector('img');
    expect(image).not.toBeNull();
    expect(image?.hasAttribute('onerror')).toBe(false);
  });

  it('<a href="javascript:…"> loses the href, also when encoded or split by whitespace', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      const link = expectOnlyAllowList(`<a href="${href}">link</a>`).querySelector('a');
      expect(link?.hasAttribute('href'), href).toBe(false);
      expect(link?.textContent).toBe('link');
      // a link without a destination opens nothing
      expect(link?.hasAttribute('target')).toBe(false);
    }
  });

  it('removes <svg onload=…>, <script>, <style>, <iframe>, <form>, <object>, <embed>, <base>, <meta>, <link>, <template>', () => {
    const html = [
      '<svg onload=alert(1)><circle r="1"></circle></svg>',
      '<script>alert(1)</script>',
      '<style>body{background:url(javascript:alert(1))}</style>',
      '<iframe src="https://example.com" srcdoc="<script>alert(1)</script>"></iframe>',
      '<form action="https://evil.example"><input name="password"><button>送信</button></form>',
      '<object data="https://evil.example/x.swf"></object>',
      '<embed src="https://evil.example/x.swf">',
      '<base href="https://evil.example/">',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<link rel="stylesheet" href="https://evil.example/x.css">',
      '<template><img src=x onerror=alert(1)></template>',
      '<p>本文</p>',
    ].join('');
    const fragment = expectOnlyAllowList(html);
    expect(
      fragment.querySelectorAll('svg, script, style, iframe, form, input, button, object, embed'),
    ).toHaveLength(0);
    expect(fragment.querySelectorAll('base, meta, link, template')).toHaveLength(0);
    expect(fragment.textContent).not.toContain('alert');
    expect(fragment.querySelector('p')?.textContent).toBe('本文');
  });

  it('removes style attributes and event handlers from allowed elements', () => {
    const fragment = expectOnlyAllowList(
      '<div style="background:url(javascript:alert(1))" onclick="alert(1)" onmouseover="alert(1)">a</div>' +
        '<p style="position:fixed;inset:0">b</p><span onfocus="alert(1)" tabindex="0">c</span>',
    );
    expect(
      fragment.querySelectorAll('[style], [onclick], [onmouseover], [onfocus], [tabindex]'),
    ).toHaveLength(0);
    expect(fragment.textContent).toBe('abc');
  });

  it('drops data: and other non-https image sources, keeps https and same-origin ones', () => {
    const sources = (html: string) =>
      Array.from(expectOnlyAllowList(html).querySelectorAll('img')).map((image) => image.getAttribute('src'));
    expect(
      sources(
        '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">' +
          '<img src="javascript:alert(1)">' +
          '<img src="http://evil.example/x.png">' +
          '<img src="//evil.example/x.png">' +
          '<img src="blob:https://evil.example/1">',
      ),
    ).toEqual([null, null, null, null, null]);
    expect(
      sources('<img src="https://cdn.example.jp/x.png" alt="図"><img src="/favicon.svg" alt="">'),
    ).toEqual(['https://cdn.example.jp/x.png', '/favicon.svg']);
  });

  it('drops ids, names, data-, aria- and unknown attributes (DOM clobbering)', () => {
    const fragment = expectOnlyAllowList(
      '<div id="root" data-x="1" aria-hidden="true" name="cookie" title="t" lang="en">a</div>' +
        '<img name="getElementById" id="location" src="/x.png" srcset="https://evil.example/x.png 2x">',
    );
    expect(
      fragment.querySelectorAll('[id], [name], [data-x], [aria-hidden], [title], [lang], [srcset]'),
    ).toHaveLength(0);
  });

  it('keeps only pixel sizes on images', () => {
    const image = expectOnlyAllowList('<img src="/x.png" alt="x" width="120" height="100%">').querySelector(
      'img',
    );
    expect(image?.getAttribute('width')).toBe('120');
    expect(image?.hasAttribute('height')).toBe(false);
    expect(image?.getAttribute('alt')).toBe('x');
  });

  // a few mutation-XSS vectors of DOMPurify's own test suite (test/fixtures/expect.mjs)
  it.each([
    '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
    '<a href="https://example.com"><svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg></a>',
    '<div><![CDATA[</div><img src=x onerror=alert(1)>]]>',
    '<!--<img src=x onerror=alert(1)>--><p>ok</p>',
    '<xmp><img src=x onerror=alert(1)></xmp>',
  ])('mXSS vector %s ends without a live handler', (vector) => {
    const fragment = expectOnlyAllowList(vector);
    // serialising and parsing again must not grow a handler either (the mutation the vectors aim at)
    const again = parsed(
      Array.from(fragment.childNodes, (node) => (node as Element).outerHTML ?? node.textContent).join(''),
    );
    expect(again.querySelectorAll('[onerror], [onload], script, style, svg, math')).toHaveLength(0);
  });
});

describe('sanitizeRichText: what notices may use (spec §5)', () => {
  it('keeps the block and inline tags with their text', () => {
    const html =
      '<h2>見出し</h2><h3>小見出し</h3><h4>項目</h4><p>段落<br>改行</p><ul><li>一</li></ul><ol><li>二</li></ol>' +
      '<blockquote>引用</blockquote><hr><table><caption>表</caption><thead><tr><th>列</th></tr></thead>' +
      '<tbody><tr><td>値</td></tr></tbody></table>' +
      '<p><strong>強</strong><b>太</b><em>強調</em><i>斜</i><u>下線</u><small>小</small><sup>上</sup><sub>下</sub></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps fs-s, text-right and mgt-1 on div and text-alert on span, and no other class', () => {
    expect(sanitizeRichText('<div class="fs-s text-right mgt-1">a</div>')).toBe(
      '<div class="fs-s text-right mgt-1">a</div>',
    );
    expect(sanitizeRichText('<div class="evil fs-s">a</div>')).toBe('<div class="fs-s">a</div>');
    expect(sanitizeRichText('<div class="evil">a</div>')).toBe('<div>a</div>');
    expect(sanitizeRichText('<span class="text-alert hidden">注意</span>')).toBe(
      '<span class="text-alert">注意</span>',
    );
    // the right class on the wrong tag, or any class on another tag
    expect(sanitizeRichText('<span class="fs-s">a</span>')).toBe('<span>a</span>');
    expect(sanitizeRichText('<div class="text-alert">a</div>')).toBe('<div>a</div>');
    expect(
      sanitizeRichText('<p class="fs-s">a</p><a class="text-alert" href="https://example.com">b</a>'),
    ).toBe('<p>a</p><a href="https://example.com" target="_blank" rel="noopener noreferrer">b</a>');
  });

  it('opens http(s) and mailto links in a new window with rel noopener noreferrer', () => {
    expect(
      sanitizeRichText('<a href="https://www.example.jp/news" target="_self" rel="opener">お知らせ</a>'),
    ).toBe('<a href="https://www.example.jp/news" target="_blank" rel="noopener noreferrer">お知らせ</a>');
    expect(sanitizeRichText('<a href="mailto:support@example.jp">窓口</a>')).toBe(
      '<a href="mailto:support@example.jp" target="_blank" rel="noopener noreferrer">窓口</a>',
    );
    expect(sanitizeRichText('<a href="tel:0312345678">電話</a>')).toBe('<a>電話</a>');
  });

  it('keeps the text of dropped harmless wrappers', () => {
    expect(sanitizeRichText('<font color="red">赤</font><center>中央</center>')).toBe('赤中央');
  });
});

describe('URL rules', () => {
  const base = 'https://fund.example.jp/notifications';
  it('links: http, https and mailto only', () => {
    expect(isAllowedLink('https://a.example', base)).toBe(true);
    expect(isAllowedLink('http://a.example', base)).toBe(true);
    expect(isAllowedLink('mailto:a@example.jp', base)).toBe(true);
    expect(isAllowedLink('/trading', base)).toBe(true);
    expect(isAllowedLink('javascript:alert(1)', base)).toBe(false);
    expect(isAllowedLink('tel:0312345678', base)).toBe(false);
    expect(isAllowedLink('http://[', base)).toBe(false);
  });

  it('images: https, or our own origin', () => {
    const origin = 'http://localhost:3000';
    expect(isAllowedImageSource('https://cdn.example/x.png', 'http://localhost:3000/', origin)).toBe(true);
    expect(isAllowedImageSource('/x.png', 'http://localhost:3000/', origin)).toBe(true);
    expect(isAllowedImageSource('http://cdn.example/x.png', 'http://localhost:3000/', origin)).toBe(false);
    expect(isAllowedImageSource('data:image/png;base64,AAAA', 'http://localhost:3000/', origin)).toBe(false);
    expect(isAllowedImageSource('blob:http://localhost:3000/1', 'http://localhost:3000/', origin)).toBe(
      false,
    );
  });
});

describe('Trusted Types policy fund-rich-text', () => {
  it('is created once and its TrustedHTML is always sanitised output', async () => {
    const created: { name: string; createHTML: (input: string) => string }[] = [];
    vi.stubGlobal('trustedTypes', {
      createPolicy: (name: string, rules: { createHTML: (input: string) => string }) => {
        created.push({ name, createHTML: rules.createHTML });
        // DOMPurify's internal policy only parses the raw string into an inert document
        if (name === 'dompurify') return { createHTML: rules.createHTML, createScriptURL: () => '' };
        return { createHTML: (input: string) => ({ trusted: rules.createHTML(input) }) };
      },
    });
    const { toRichTextHtml } = await import('./sanitize-rich-text');
    const first = toRichTextHtml('<img src=x onerror=alert(1)><p class="x">a</p>');
    const second = toRichTextHtml('<a href="javascript:alert(1)">b</a>');
    // ours once, and DOMPurify's own (closure-private) one it parses with
    expect(created.map((policy) => policy.name)).toEqual(['fund-rich-text', 'dompurify']);
    expect(first).toEqual({ trusted: '<img src="x"><p>a</p>' });
    expect(second).toEqual({ trusted: '<a>b</a>' });
  });

  it('falls back to the sanitised string where the browser has no Trusted Types', async () => {
    const { toRichTextHtml } = await import('./sanitize-rich-text');
    expect(toRichTextHtml('<p onclick="x()">a</p>')).toBe('<p>a</p>');
  });
});
