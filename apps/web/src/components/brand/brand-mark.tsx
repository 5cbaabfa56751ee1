import type { ReactNode } from 'react';
import { SERVICE_NAME } from '../../config/site';
import './brand.css';

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

/** The logo and the service name: what a mark shows, as a link or as text. */
export function BrandMarkContent() {
  return (
    <>
      <LogoMark />
      <span className="brand-mark__name">{SERVICE_NAME}</span>
    </>
  );
}

/** The mark as text, where there is no top page to lead to. */
export function PlainBrandMark() {
  return (
    <span className="brand-mark">
      <BrandMarkContent />
    </span>
  );
}

/** The page header (banner landmark) holding the service's mark. */
export function SiteHeader({ mark }: { readonly mark: ReactNode }) {
  return <header className="site-header">{mark}</header>;
}
