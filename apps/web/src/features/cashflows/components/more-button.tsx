import { Button } from '../../../components/button/button';

/** "もっと見る": the next page joins the rows already shown. */
export function MoreButton({
  loading,
  onClick,
}: {
  readonly loading: boolean;
  readonly onClick: () => void;
}) {
  return (
    <div className="history__more">
      <Button variant="outline" loading={loading} onClick={onClick}>
        もっと見る
      </Button>
    </div>
  );
}
