// Answers to the first screen's calls, asked by the small script the server puts before the app's own
// (src/first-screen-calls, decision 030) while the app's code still downloads. The two are separate
// bundles: they meet on a property of the window.

/** What the early script asked, with the access token it asked with. */
export interface FirstScreenResponses {
  readonly accessToken: string;
  /** By the call's full URL (request-url.ts buildUrl). */
  readonly responses: Map<string, Promise<Response>>;
}

const property = '__fundFirstScreenResponses';
type Holder = { [property]?: FirstScreenResponses };
const holder = () => globalThis as typeof globalThis & Holder;

export function publishFirstScreenResponses(published: FirstScreenResponses): void {
  holder()[property] = published;
}

/**
 * The early answer to a GET of `url` made with `accessToken`, taken once: a second call of the same URL
 * asks the server again, as does a call with another token (refreshed meanwhile).
 */
export function takeFirstScreenResponse(url: string, accessToken: string): Promise<Response> | undefined {
  const published = holder()[property];
  if (published === undefined || published.accessToken !== accessToken) return undefined;
  const response = published.responses.get(url);
  published.responses.delete(url);
  return response;
}

/** Once the first screen is shown, answers nobody took are dropped: a later call must not get old data. */
export function discardFirstScreenResponses(): void {
  delete holder()[property];
}
