/**
 * A browser over real HTTP for the sign-in pages: keeps cookies (all of them go with every request, as
 * every host here is 127.0.0.1), follows redirects by hand, and can be pointed at one instance: URLs of
 * the public origin are then sent to that instance instead of the proxy.
 */
export class HttpBrowser {
  readonly #cookies = new Map<string, string>();

  constructor(
    private readonly publicOrigin: string,
    private readonly via: string = publicOrigin,
  ) {}

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<Response> {
    const absolute = new URL(url, this.publicOrigin).toString().replace(this.publicOrigin, this.via);
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(absolute, {
      method,
      redirect: 'manual',
      headers: {
        ...(cookie === '' ? {} : { cookie }),
        ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return response;
  }

  /**
   * Opens an authorization URL, signs in on the sign-in page and follows the redirects until the one that
   * leaves for `redirectUri`: its Location (with the code) is the answer. Throws with the page when the
   * sign-in is refused; `attempt` answers the refusal's status instead.
   */
  async signIn(authorizationUrl: string, credentials: { accountNumber: string; password: string }) {
    const posted = await this.attempt(authorizationUrl, credentials);
    if (posted.status !== 303) throw new Error(`sign-in answered ${posted.status}: ${await posted.text()}`);
    let current = posted;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || location === null) {
        throw new Error(`sign-in ended at ${current.status} without a redirect: ${await current.text()}`);
      }
      const next = new URL(location, this.publicOrigin);
      if (!next.pathname.startsWith('/oidc') && next.searchParams.has('code')) return next;
      current = await this.request('GET', next.toString());
    }
    throw new Error('too many redirects');
  }

  /** Authorization URL → sign-in page → credentials posted: the answer to the post. */
  async attempt(
    authorizationUrl: string,
    credentials: { accountNumber: string; password: string },
  ): Promise<Response> {
    const start = await this.request('GET', authorizationUrl);
    const location = start.headers.get('location') ?? '';
    const uid = /\/auth\/v1\/interaction\/([A-Za-z0-9_-]+)/.exec(location)?.[1];
    if (uid === undefined) throw new Error(`expected an interaction, got ${start.status} ${location}`);
    const page = await this.request('GET', `/auth/v1/interaction/${uid}`);
    if (page.status !== 200) throw new Error(`sign-in page answered ${page.status}`);
    return this.request('POST', `/auth/v1/interaction/${uid}/login`, {
      account_number: credentials.accountNumber,
      password: credentials.password,
    });
  }
}
