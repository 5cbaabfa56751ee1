import { Link } from 'react-router';
import { BrandMarkContent, PlainBrandMark, SiteHeader } from '../../components/brand/brand-mark';

/**
 * The logo and the service name. Signed in, it leads to the top page; on the screens that replace every
 * page (maintenance, locked, closed, first-use confirmation) the top page would only show the same screen
 * again, so there it is the name alone.
 */
export function BrandMark({ linkHome }: { readonly linkHome: boolean }) {
  return linkHome ? (
    <Link to="/" className="brand-mark">
      <BrandMarkContent />
    </Link>
  ) : (
    <PlainBrandMark />
  );
}

/** The page header (banner landmark) with the service's mark. */
export function BrandHeader({ linkHome }: { readonly linkHome: boolean }) {
  return <SiteHeader mark={<BrandMark linkHome={linkHome} />} />;
}
