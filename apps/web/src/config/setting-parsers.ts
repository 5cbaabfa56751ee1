// The parsers of the web app's settings, shared by the app's configuration (env.ts) and the first screen's
// early calls (api-base-urls.ts): each bundle parses what it reads once, by the same rules.

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function text(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? fallback : trimmed;
}

/** Only http(s) URLs: a `javascript:` or `data:` URL in a setting must never become a link (spec §8). */
export function parseHttpUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must be an http(s) URL: ${value}`);
  }
  return url;
}

/** A URL setting that may be given relative to the app's origin (the default: one server serves everything). */
export function siteUrl(name: string, value: string, origin: string): string {
  let resolved: string;
  try {
    resolved = new URL(value, origin).href;
  } catch {
    throw new ConfigError(`${name} is not a URL: ${value}`);
  }
  return parseHttpUrl(name, resolved).href;
}

/** A base URL for API calls: no trailing slash, so paths from the contracts append as they are. */
export function baseUrl(name: string, value: string, origin: string): string {
  return siteUrl(name, value, origin).replace(/\/+$/, '');
}
