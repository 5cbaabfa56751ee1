// Chromium checks the page's CSP while it parses HTML, also into the inert document DOMPurify parses the
// body into: every inline event handler and style in a notice body is then reported as a CSP violation
// (blocked, nothing runs) before DOMPurify removes it. This pass runs first and renames inline handler and
// style attributes (on*, style → data-removed-…, which DOMPurify drops like any data- attribute) and
// removes <style> elements with their content (as DOMPurify does), so parsing a hostile body stays
// silent and a CSP report keeps meaning that something reached the page. It is not the sanitiser: what it
// misses, DOMPurify removes all the same; it only has to keep allowed markup byte for byte.

const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\f';
const isAsciiLetter = (char: string | undefined) => char !== undefined && /^[A-Za-z]$/.test(char);
const inlineCodeAttribute = /^(?:on|style$)/i;

/** The index just past the end of `<style …>…</style>` starting at `start`, or the end of the input. */
function endOfStyleElement(html: string, lower: string, start: number): number {
  const close = lower.indexOf('</style', start);
  if (close < 0) return html.length;
  const end = html.indexOf('>', close);
  return end < 0 ? html.length : end + 1;
}

export function withoutInlineCode(html: string): string {
  const lower = html.toLowerCase();
  const length = html.length;
  let out = '';
  let index = 0;
  while (index < length) {
    const open = html.indexOf('<', index);
    if (open < 0) {
      out += html.slice(index);
      break;
    }
    out += html.slice(index, open);
    // only a start tag (`<` and an ASCII letter) opens attributes; `</…`, `<!…`, `<?…` and text stay
    if (!isAsciiLetter(html[open + 1])) {
      out += '<';
      index = open + 1;
      continue;
    }
    let cursor = open + 1;
    while (cursor < length && !isSpace(html[cursor]) && html[cursor] !== '/' && html[cursor] !== '>') {
      cursor += 1;
    }
    if (lower.slice(open + 1, cursor) === 'style') {
      index = endOfStyleElement(html, lower, cursor);
      continue;
    }
    out += html.slice(open, cursor);
    while (cursor < length && html[cursor] !== '>') {
      const char = html[cursor];
      if (isSpace(char) || char === '/') {
        out += char;
        cursor += 1;
        continue;
      }
      // an attribute name (a leading `=` belongs to it, as in the HTML tokenizer)
      let nameEnd = cursor + 1;
      while (
        nameEnd < length &&
        !isSpace(html[nameEnd]) &&
        html[nameEnd] !== '/' &&
        html[nameEnd] !== '>' &&
        html[nameEnd] !== '='
      ) {
        nameEnd += 1;
      }
      const name = html.slice(cursor, nameEnd);
      out += inlineCodeAttribute.test(name) ? `data-removed-${name}` : name;
      cursor = nameEnd;
      // its value, if any: quoted (to the matching quote) or unquoted (to a space or `>`)
      let valueStart = cursor;
      while (isSpace(html[valueStart])) valueStart += 1;
      if (html[valueStart] !== '=') continue;
      valueStart += 1;
      while (isSpace(html[valueStart])) valueStart += 1;
      const quote = html[valueStart];
      let valueEnd: number;
      if (quote === '"' || quote === "'") {
        const closing = html.indexOf(quote, valueStart + 1);
        valueEnd = closing < 0 ? length : closing + 1;
      } else {
        valueEnd = valueStart;
        while (valueEnd < length && !isSpace(html[valueEnd]) && html[valueEnd] !== '>') valueEnd += 1;
      }
      out += html.slice(cursor, valueEnd);
      cursor = valueEnd;
    }
    if (cursor < length) {
      out += '>';
      cursor += 1;
    }
    index = cursor;
  }
  return out;
}
