import { HelpModal } from '../components/help-modal/help-modal';
import type { ModalRegistry } from '../components/modal/modal-types';
import { NativeUpdateModal } from '../components/native-update-modal/native-update-modal';
import { useUiStore } from '../lib/store/ui-store';

/** Modal names that a URL can open directly: `?modal=help`, `?modal=nativeUpdate`. */
export const HELP_MODAL = 'help';
export const NATIVE_UPDATE_MODAL = 'nativeUpdate';

export const modalRegistry: ModalRegistry = {
  [HELP_MODAL]: { component: HelpModal, isHalfModal: true },
  [NATIVE_UPDATE_MODAL]: {
    component: NativeUpdateModal,
    onCancel: () => useUiStore.getState().setNativeUpdateModalShown(false),
  },
};
