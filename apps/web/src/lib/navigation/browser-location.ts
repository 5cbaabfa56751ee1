/**
 * The page navigations of the session, behind one object so that tests can replace them (jsdom does not
 * navigate). Every one of them leaves the current page.
 */
export const browserLocation = {
  /** Leaves for another page, keeping this one in the history (the sign-in screen). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Loads another URL in place of this one (the return from sign-in, without its code in the history). */
  replace(url: string): void {
    window.location.replace(url);
  },
  reload(): void {
    window.location.reload();
  },
  /** Path, query and hash of the current page. */
  currentPath(): string {
    const { pathname, search, hash } = window.location;
    return `${pathname}${search}${hash}`;
  },
};
