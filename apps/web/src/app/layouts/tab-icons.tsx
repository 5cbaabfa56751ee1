import type { ReactNode } from 'react';

/**
 * The tab bar's icons: 24 px strokes in the text colour. They sit beside a visible label, so they are
 * hidden from assistive technology.
 */
function Icon({ children }: { readonly children: ReactNode }) {
  return (
    <svg
      className="tab-bar__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function HomeIcon() {
  return (
    <Icon>
      <path d="M3 11l9-7 9 7" />
      <path d="M5 10v10h5v-6h4v6h5V10" />
    </Icon>
  );
}

export function AssetsIcon() {
  return (
    <Icon>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
    </Icon>
  );
}

export function TradingIcon() {
  return (
    <Icon>
      <path d="M4 8h15l-4-4M20 16H5l4 4" />
    </Icon>
  );
}

export function NoticeIcon() {
  return (
    <Icon>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
      <path d="M10 21h4" />
    </Icon>
  );
}

export function MenuIcon() {
  return (
    <Icon>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Icon>
  );
}
