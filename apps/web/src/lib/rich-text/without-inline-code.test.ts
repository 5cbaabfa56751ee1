import { describe, expect, it } from 'vitest';
import { withoutInlineCode } from './without-inline-code';

describe('withoutInlineCode (before DOMPurify parses a body)', () => {
  it('keeps allowed markup byte for byte', () => {
    const html =
      '<p>本文 a<b and c>d</p><div class="fs-s text-right">右</div><a href="https://example.jp/?a=1&b=2">x</a>' +
      '<img src=\'/x.png\' alt="a > b" width=10><br/><!-- note --><span class=text-alert>注意</span> 1 < 2';
    expect(withoutInlineCode(html)).toBe(html);
  });

  it('renames inline handlers and styles, wherever they hide in a tag', () => {
    expect(withoutInlineCode('<img src=x onerror=alert(1)>')).toBe(
      '<img src=x data-removed-onerror=alert(1)>',
    );
    expect(withoutInlineCode('<img/onerror=alert(1)>')).toBe('<img/data-removed-onerror=alert(1)>');
    expect(withoutInlineCode('<img src="x"onerror="a()">')).toBe('<img src="x"data-removed-onerror="a()">');
    expect(withoutInlineCode('<div STYLE = "color:red" OnClick=\'a()\'>')).toBe(
      '<div data-removed-STYLE = "color:red" data-removed-OnClick=\'a()\'>',
    );
    // a handler-like text inside a quoted value is a value, left alone
    expect(withoutInlineCode('<img alt="x onerror=y">')).toBe('<img alt="x onerror=y">');
  });

  it('removes <style> elements with their content, also unclosed ones', () => {
    expect(withoutInlineCode('<p>a</p><style>p{}</style><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(withoutInlineCode('<p>a</p><STYLE media=x>p{}</Style ><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(withoutInlineCode('<p>a</p><math><style><img src=x onerror=a()>')).toBe('<p>a</p><math>');
  });

  it('ends on unterminated input without hanging', () => {
    expect(withoutInlineCode('<img src="x onerror=a()')).toBe('<img src="x onerror=a()');
    expect(withoutInlineCode('<a b="'.repeat(2000)).length).toBeGreaterThan(0);
    expect(withoutInlineCode('<')).toBe('<');
  });
});
