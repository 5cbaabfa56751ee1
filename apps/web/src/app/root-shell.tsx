import { lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import {
  Outlet,
  UNSAFE_DataRouterDataContext,
  UNSAFE_DataRouterStateContext,
  useLocation,
} from 'react-router';
import { BusyOverlay } from '../components/busy-overlay/busy-overlay';
import { useModalStore } from '../components/modal/modal-store';
import { ToastHost } from '../components/toast/toast-host';
import { useRootLoading } from '../features/root-loading/use-root-loading';
import { useStandingCheck } from '../features/root-loading/use-standing-check';
import { MaintenancePage } from '../features/system/maintenance-page';
import { MODAL_PARAM } from '../lib/routing/modal-param';
import { useNativeUpdatePrompt } from '../lib/native/use-native-update-prompt';
import { firstScreenShown } from '../lib/scheduling/after-first-screen';
import { useUiStore } from '../lib/store/ui-store';
import { NormalLayoutFrame } from './layouts/normal-layout';
import { useNativeUpdateModal } from './use-native-update-modal';

// The screens below and the modal host load on demand (performance.md, decision 028): a signed-in
// customer's first screen is the page, and these show only for some accounts or once a modal opens. The
// maintenance page stays in the first bundle: it must show even when loading a chunk fails (decision 012).
const LockedAccountScreen = lazy(() =>
  import('../features/root-loading/components/locked-account-screen').then((module) => ({
    default: module.LockedAccountScreen,
  })),
);
const ClosedAccountScreen = lazy(() =>
  import('../features/root-loading/components/closed-account-screen').then((module) => ({
    default: module.ClosedAccountScreen,
  })),
);
const FirstUseConfirmation = lazy(() =>
  import('../features/root-loading/components/first-use-confirmation').then((module) => ({
    default: module.FirstUseConfirmation,
  })),
);
const AppModalHost = lazy(() =>
  import('./app-modal-host').then((module) => ({ default: module.AppModalHost })),
);

/**
 * Whether the router has loaded the first page without error: the pages' loaders (maintenance and
 * session gates) have passed, so the session is valid and the root loading may call the APIs. React
 * Router has no public hook for `initialized`; its state context is read directly.
 */
function useRouterReady(): boolean {
  const data = useContext(UNSAFE_DataRouterDataContext);
  return useRouterInitialized() && (data === null || data.errors === null);
}

/** Whether the router has loaded the first page (or its error); true outside a data router (a test). */
function useRouterInitialized(): boolean {
  return useContext(UNSAFE_DataRouterStateContext)?.initialized ?? true;
}

/**
 * Tells the work for later screens (lib/scheduling/after-first-screen.ts) that the first screen is on the
 * display: the page once its loader and the root loading are done, or the screen that takes its place.
 */
function useFirstScreenShown(screen: ReturnType<typeof useShellScreen>): void {
  const shown = useRouterInitialized() && screen !== 'loading';
  useEffect(() => {
    if (shown) firstScreenShown();
  }, [shown]);
}

/** A screen that takes the page's place: the plain layout with the service's mark, without the page's menu. */
function ShellScreen({ children }: { readonly children: ReactNode }) {
  return <NormalLayoutFrame withHeader>{children}</NormalLayoutFrame>;
}

/**
 * What the shell shows instead of the page, in the priority of spec §2 "Root shell": maintenance (an API
 * answered 503, spec §8), locked account, closed account, first-use confirmation; nothing while the
 * root loading runs; otherwise null: the page.
 */
function useShellScreen(): ReactNode | 'loading' | null {
  const { pathname, search } = useLocation();
  const ready = useRouterReady();
  const view = useRootLoading({ ready, pathname, search });
  const checkingStanding = useStandingCheck({ ready, pathname });
  const maintenance = useUiStore((state) => state.maintenance);
  const locked = useUiStore((state) => state.accountLocked);
  const closed = useUiStore((state) => state.accountClosed);
  if (maintenance) return <MaintenancePage />;
  if (locked) return <LockedAccountScreen />;
  if (closed) return <ClosedAccountScreen />;
  if (view.screen === 'confirmation') {
    return <FirstUseConfirmation hashedUserId={view.confirmation.hashedUserId} />;
  }
  if (view.screen === 'loading' || checkingStanding) return 'loading';
  return null;
}

/**
 * Whether the modal host is wanted: a modal is asked for, open or closing, or the URL names one
 * (`?modal=help` opens it directly). Once wanted it stays mounted, so closing animations and browser back
 * behave as they would with the host always there.
 */
function useModalHostWanted(): boolean {
  const { search } = useLocation();
  const storeWants = useModalStore(
    (state) =>
      state.active !== null ||
      state.pending !== null ||
      state.closingName !== null ||
      state.closeRequest !== null,
  );
  const wanted = storeWants || new URLSearchParams(search).has(MODAL_PARAM);
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  return wanted || mounted;
}

/**
 * The root route: the page with its layout, and the hosts that overlay every page. While a modal is open
 * the page is inert, so neither pointer, keyboard nor screen reader reaches what is behind the dialog.
 */
export function RootShell() {
  const busy = useUiStore((state) => state.busy);
  const modalOpen = useModalStore((state) => state.active !== null);
  useNativeUpdateModal();
  useNativeUpdatePrompt();
  const screen = useShellScreen();
  const modalHostWanted = useModalHostWanted();
  useFirstScreenShown(screen);
  return (
    <>
      {screen === null ? (
        <>
          <div className="app" inert={modalOpen} aria-busy={busy}>
            <Outlet />
          </div>
          {modalHostWanted && (
            <Suspense fallback={null}>
              <AppModalHost />
            </Suspense>
          )}
        </>
      ) : screen === 'loading' ? null : (
        <Suspense fallback={null}>
          <div className="app">
            <ShellScreen>{screen}</ShellScreen>
          </div>
        </Suspense>
      )}
      <ToastHost />
      <BusyOverlay />
    </>
  );
}
