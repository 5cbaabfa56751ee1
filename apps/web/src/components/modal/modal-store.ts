import { createElement, type ComponentType } from 'react';
import { create } from 'zustand';
import type { ActiveModal, ModalContentProps, ModalRequest } from './modal-types';

/** How a close was asked for: by the modal's own action, as its cancel action, or by the user dismissing it. */
export type CloseRequest = 'close' | 'cancel' | 'dismiss';

interface ModalState {
  /** The modal on screen. */
  readonly active: ActiveModal | null;
  /** Asked for by openModal and waiting for its `?modal=` history entry (the host pushes it). */
  readonly pending: ActiveModal | null;
  /** The name of a modal whose `?modal=` parameter the host is removing. */
  readonly closingName: string | null;
  readonly closeRequest: CloseRequest | null;
}

const initialModalState: ModalState = { active: null, pending: null, closingName: null, closeRequest: null };

export const useModalStore = create<ModalState>()(() => initialModalState);

const noSlots = Object.freeze({});

function focusedElement(): Element | null {
  return typeof document === 'undefined' ? null : document.activeElement;
}

export function toActiveModal<P extends object>(
  request: ModalRequest<P>,
  returnFocus: Element | null,
): ActiveModal {
  const component = request.component as ComponentType<ModalContentProps>;
  const props = (request as { props?: P }).props;
  return {
    name: request.name,
    isHalfModal: request.isHalfModal ?? false,
    isAdminModal: request.isAdminModal ?? false,
    isClosable: request.isClosable ?? true,
    onCancel: request.onCancel,
    slots: request.slots ?? noSlots,
    render: (content) => createElement(component, { ...props, ...content }),
    returnFocus,
  };
}

/**
 * Opens a modal over the current page and adds `?modal=<name>` to the URL as a new history entry, so the
 * browser's back button closes it (spec §2). Usable outside React. Opening while another modal is open
 * replaces it (and its history entry) without calling its cancel callback.
 */
export function openModal<P extends object>(request: ModalRequest<P>): void {
  const { active } = useModalStore.getState();
  // a modal opened from inside another one returns focus to where the first one was opened from
  const returnFocus = active?.returnFocus ?? focusedElement();
  useModalStore.setState({ pending: toActiveModal(request, returnFocus), closeRequest: null });
}

/** Closes the open modal without calling its cancel callback (e.g. after the modal's action is done). */
export function closeModal(): void {
  // a modal asked for but not yet on screen is called off too
  useModalStore.setState({ closeRequest: 'close', pending: null });
}

export const modalStoreActions = {
  /** Shows a modal whose `?modal=` entry is in place. */
  activate: (modal: ActiveModal) => useModalStore.setState({ active: modal, pending: null }),
  requestClose: (request: CloseRequest) => useModalStore.setState({ closeRequest: request }),
  startClosing: (name: string) =>
    useModalStore.setState({ active: null, closingName: name, closeRequest: null }),
  finishClosing: () => useModalStore.setState({ closingName: null }),
  clearCloseRequest: () => useModalStore.setState({ closeRequest: null }),
  clearActive: () => useModalStore.setState({ active: null }),
  reset: () => useModalStore.setState(initialModalState),
};
