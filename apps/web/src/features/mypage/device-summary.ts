/**
 * A sign-in's browser and device in a few words (「iPhone・Safari」), from its user agent: the whole
 * string means nothing to a customer checking whether a sign-in was theirs. Undefined when unknown.
 */
export function summariseUserAgent(userAgent: string | null): string | undefined {
  if (userAgent === null || userAgent.trim() === '') return undefined;
  const device = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : undefined;
  // order matters: Edge and Chrome also name Safari, Edge also names Chrome
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|CriOS\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : undefined;
  const parts = [device, browser].filter((part) => part !== undefined);
  return parts.length === 0 ? 'その他の端末' : parts.join('・');
}
