import { PageTransitionOutlet } from '../../components/page-transition/page-transition-outlet';
import { useSignedIn } from '../../lib/auth/use-signed-in';
import { DefaultLayoutFrame } from './default-layout';
import { NormalLayoutFrame } from './normal-layout';

/**
 * The layout of a page that skips the sign-in check but serves signed-in customers too (毎月の入金,
 * decision 015): signed in, the default frame, so the customer who came from the menu or the trading list
 * keeps the tab bar and the side menu; signed out (or while a refresh decides), the plain frame with the
 * service's mark only, since every page the navigation leads to would ask them to sign in first.
 */
export function SessionLayout() {
  const signedIn = useSignedIn();
  if (signedIn.data === true) {
    return (
      <DefaultLayoutFrame>
        <PageTransitionOutlet />
      </DefaultLayoutFrame>
    );
  }
  return (
    <NormalLayoutFrame withHeader>
      <PageTransitionOutlet />
    </NormalLayoutFrame>
  );
}
