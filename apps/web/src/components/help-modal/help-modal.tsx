import { useUiStore } from '../../lib/store/ui-store';
import type { ModalContentProps } from '../modal/modal-types';
import './help-modal.css';

/** Shows the store's help-modal message (spec §3), set by the screen that offers the help. */
export function HelpModal({ titleId }: ModalContentProps) {
  const message = useUiStore((state) => state.helpModalMessage);
  return (
    <div className="help-modal">
      <h2 id={titleId}>ヘルプ</h2>
      {message === '' ? null : <p className="help-modal__message">{message}</p>}
    </div>
  );
}
