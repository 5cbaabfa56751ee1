import type { ReactNode } from 'react';
import { PageTransitionOutlet } from '../../components/page-transition/page-transition-outlet';
import { BrandHeader } from './brand-header';
import './layouts.css';

interface NormalLayoutFrameProps {
  readonly children: ReactNode;
  /**
   * The header with the service's mark, for the screens a signed-in customer meets in place of a page
   * (maintenance, locked, closed, first-use confirmation): they still see whose service this is.
   */
  readonly withHeader?: boolean;
}

/** The plain layout: the page alone, for screens outside the signed-in navigation. */
export function NormalLayoutFrame({ children, withHeader = false }: NormalLayoutFrameProps) {
  return (
    <div className="layout layout--normal">
      {withHeader ? <BrandHeader linkHome={false} /> : null}
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
