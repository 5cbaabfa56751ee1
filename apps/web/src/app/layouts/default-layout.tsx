import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageTransitionOutlet } from '../../components/page-transition/page-transition-outlet';
import { SERVICE_NAME } from '../../config/site';
import { useUiStore } from '../../lib/store/ui-store';
import { BrandHeader } from './brand-header';
import { NavigationProgress } from './navigation-progress';
import { SideMenu } from './side-menu';
import { TabBar } from './tab-bar';
import './layouts.css';

const SIDE_MENU_ID = 'side-menu';

/**
 * The default layout's frame: the navigation progress, the header with the service's mark, main, footer
 * and the bottom tab bar, and the side menu. The side menu is modal: while it is open everything else is
 * inert (neither pointer, keyboard nor screen reader reaches the page behind it).
 */
export function DefaultLayoutFrame({ children }: { readonly children: ReactNode }) {
  const sideMenuShown = useUiStore((state) => state.sideMenuShown);
  const setSideMenuShown = useUiStore((state) => state.setSideMenuShown);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // a chosen page replaces the menu
  useEffect(() => {
    setSideMenuShown(false);
  }, [pathname, setSideMenuShown]);

  // closed by the customer (not by a chosen page): the focus goes back to the button that opened it
  const closeSideMenu = useCallback(() => {
    setSideMenuShown(false);
    menuButtonRef.current?.focus();
  }, [setSideMenuShown]);

  useEffect(() => {
    if (!sideMenuShown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      closeSideMenu();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [sideMenuShown, closeSideMenu]);

  return (
    <div className="layout layout--default">
      <NavigationProgress />
      <div className="layout__behind-menu" inert={sideMenuShown}>
        <a className="skip-link" href="#main">
          本文へ移動
        </a>
        <BrandHeader linkHome />
        <main id="main" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <p className="site-footer__name">{SERVICE_NAME}</p>
        </footer>
        <TabBar sideMenuId={SIDE_MENU_ID} menuButtonRef={menuButtonRef} />
      </div>
      <SideMenu id={SIDE_MENU_ID} onClose={closeSideMenu} />
    </div>
  );
}

export function DefaultLayout() {
  return (
    <DefaultLayoutFrame>
      <PageTransitionOutlet />
    </DefaultLayoutFrame>
  );
}
