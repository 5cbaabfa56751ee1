import type { ReactNode } from 'react';
import { PageTransitionOutlet } from '../../components/page-transition/page-transition-outlet';
import './layouts.css';

/** The plain layout: the page alone, for screens outside the signed-in navigation. */
export function NormalLayoutFrame({ children }: { readonly children: ReactNode }) {
  return (
    <div className="layout layout--normal">
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export function NormalLayout() {
  return (
    <NormalLayoutFrame>
      <PageTransitionOutlet />
    </NormalLayoutFrame>
  );
}
