/**
 * A URL with a query string or fragment, anywhere in a text: absolute (any scheme), protocol-relative or
 * a root-relative path. A stack frame's `:line:column` after the query is kept.
 */
const URL_WITH_QUERY =
  /((?:\b[a-z][a-z\d+.-]*:\/\/|(?<![\w/.:])\/)[^\s?#'"()<>]*)[?#][^\s'"()<>]*?(:\d+(?::\d+)?)?(?=$|[\s'"()<>,;])/gi;

/** Removes query strings and fragments from every URL in a text (spec §8: reported URLs carry none). */
export function stripQueries(text: string): string {
  return text.replace(
    URL_WITH_QUERY,
    (_match, url: string, position: string | undefined) => url + (position ?? ''),
  );
}

/** A page URL without query string and fragment. */
export function stripUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.search = '';
    parsed.hash = '';
    return parsed.href;
  } catch {
    return stripQueries(url);
  }
}
