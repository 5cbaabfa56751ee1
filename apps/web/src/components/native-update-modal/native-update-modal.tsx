import { env } from '../../config/env';
import { openExternalUrl } from '../../lib/navigation/external';
import { useUiStore } from '../../lib/store/ui-store';
import { Button } from '../button/button';
import type { ModalContentProps } from '../modal/modal-types';

/** Tells a native-app user that a newer app version is out (spec §2, §4 native version check). */
export function NativeUpdateModal({ titleId, close }: ModalContentProps) {
  const update = () => {
    openExternalUrl(env.nativeAppUpdateUrl);
    useUiStore.getState().setNativeUpdateModalShown(false);
    close();
  };
  return (
    <div className="stack">
      <h2 id={titleId}>アプリを更新してください</h2>
      <p>新しいバージョンのアプリが公開されています。最新のバージョンに更新してご利用ください。</p>
      <Button bold width="100%" onClick={update}>
        アプリを更新する
      </Button>
    </div>
  );
}
