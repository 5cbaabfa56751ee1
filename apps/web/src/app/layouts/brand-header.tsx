import { Link } from 'react-router';
import { SERVICE_NAME } from '../../config/site';

/** The service's mark: a rising line in a rounded square. Decorative: the name beside it is the text. */
function LogoMark() {
  return (
    <svg
      className="brand-mark__logo"
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M7 22l6-6 4 4 8-9"
        fill="none"
        stroke="#ffffff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="25" cy="11" r="2.5" fill="#ffffff" />
    </svg>
  );
}

/**
 * The logo and the service name. Signed in, it leads to the top page; on the screens that replace every
 * page (maintenance, locked, closed, first-use confirmation) the top page would only show the same screen
 * again, so there it is the name alone.
 */
export function BrandMark({ linkHome }: { readonly linkHome: boolean }) {
  const content = (
    <>
      <LogoMark />
      <span className="brand-mark__name">{SERVICE_NAME}</span>
    </>
  );
  return linkHome ? (
    <Link to="/" className="brand-mark">
      {content}
    </Link>
  ) : (
    <span className="brand-mark">{content}</span>
  );
}

/** The page header (banner landmark) with the service's mark. */
export function BrandHeader({ linkHome }: { readonly linkHome: boolean }) {
  return (
    <header className="site-header">
      <BrandMark linkHome={linkHome} />
    </header>
  );
}
