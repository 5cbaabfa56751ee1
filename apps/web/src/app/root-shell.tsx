import { useContext, type ReactNode } from 'react';
import {
  Outlet,
  UNSAFE_DataRouterDataContext,
  UNSAFE_DataRouterStateContext,
  useLocation,
} from 'react-router';
import { BusyOverlay } from '../components/busy-overlay/busy-overlay';
import { ModalHost } from '../components/modal/modal-host';
import { useModalStore } from '../components/modal/modal-store';
import { ToastHost } from '../components/toast/toast-host';
import { ClosedAccountScreen } from '../features/account/components/closed-account-screen';
import { FirstUseConfirmation } from '../features/account/components/first-use-confirmation';
import { LockedAccountScreen } from '../features/account/components/locked-account-screen';
import { useRootLoading } from '../features/account/use-root-loading';
import { MaintenancePage } from '../features/system/maintenance-page';
import { useNativeUpdatePrompt } from '../lib/native/use-native-update-prompt';
import { useUiStore } from '../lib/store/ui-store';
import { NormalLayoutFrame } from './layouts/normal-layout';
import { modalRegistry } from './modal-registry';
import { useNativeUpdateModal } from './use-native-update-modal';

/**
 * Whether the router has loaded the first page without error: the pages' loaders (maintenance and
 * session gates) have passed, so the session is valid and the root loading may call the APIs. React
 * Router has no public hook for `initialized`; its state context is read directly.
 */
function useRouterReady(): boolean {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const data = useContext(UNSAFE_DataRouterDataContext);
  // outside a data router (a test rendering the shell alone) there is nothing to wait for
  if (state === null || data === null) return true;
  return state.initialized && data.errors === null;
}

/** A screen that takes the page's place: the plain layout, without the page's menu. */
function ShellScreen({ children }: { readonly children: ReactNode }) {
  return <NormalLayoutFrame>{children}</NormalLayoutFrame>;
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
  const maintenance = useUiStore((state) => state.maintenance);
  const locked = useUiStore((state) => state.accountLocked);
  const closed = useUiStore((state) => state.accountClosed);
  if (maintenance) return <MaintenancePage />;
  if (locked) return <LockedAccountScreen />;
  if (closed) return <ClosedAccountScreen />;
  if (view.screen === 'confirmation') {
    return <FirstUseConfirmation hashedUserId={view.confirmation.hashedUserId} />;
  }
  if (view.screen === 'loading') return 'loading';
  return null;
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
  return (
    <>
      {screen === null ? (
        <>
          <div className="app" inert={modalOpen} aria-busy={busy}>
            <Outlet />
          </div>
          <ModalHost registry={modalRegistry} />
        </>
      ) : screen === 'loading' ? null : (
        <div className="app">
          <ShellScreen>{screen}</ShellScreen>
        </div>
      )}
      <ToastHost />
      <BusyOverlay />
    </>
  );
}
