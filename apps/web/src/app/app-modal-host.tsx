import { ModalHost } from '../components/modal/modal-host';
import { modalRegistry } from './modal-registry';

/** The modal host with the app's registry: one chunk, loaded once a modal is wanted (root-shell). */
export function AppModalHost() {
  return <ModalHost registry={modalRegistry} />;
}
