import { closeModal, openModal, useModalStore } from './modal-store';

/** Opens and closes modals from components; `openModal`/`closeModal` also work outside React. */
export function useModal() {
  const activeModalName = useModalStore((state) => state.active?.name ?? null);
  return { openModal, closeModal, activeModalName };
}
