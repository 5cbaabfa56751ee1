import { Outlet } from 'react-router';
import { BusyOverlay } from '../components/busy-overlay/busy-overlay';
import { ModalHost } from '../components/modal/modal-host';
import { useModalStore } from '../components/modal/modal-store';
import { ToastHost } from '../components/toast/toast-host';
import { useUiStore } from '../lib/store/ui-store';
import { modalRegistry } from './modal-registry';
import { useNativeUpdateModal } from './use-native-update-modal';

/**
 * The root route: the page with its layout, and the hosts that overlay every page. While a modal is open
 * the page is inert, so neither pointer, keyboard nor screen reader reaches what is behind the dialog.
 */
export function RootShell() {
  const busy = useUiStore((state) => state.busy);
  const modalOpen = useModalStore((state) => state.active !== null);
  useNativeUpdateModal();
  return (
    <>
      <div className="app" inert={modalOpen} aria-busy={busy}>
        <Outlet />
      </div>
      <ModalHost registry={modalRegistry} />
      <ToastHost />
      <BusyOverlay />
    </>
  );
}
