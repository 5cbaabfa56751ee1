import { ExternalLink } from '../../../components/external-link/external-link';
import { Card } from '../../../components/ui';
import { env } from '../../../config/env';

/** A corporate account: NISA is for individuals (domain.md §5); an explanation, no figures, no error. */
export function NisaCorporationNotice() {
  return (
    <Card title="NISAについて">
      <p className="nisa-notice__lead">法人口座ではNISAをご利用いただけません。</p>
      <p className="nisa-notice__text">
        NISA（少額投資非課税制度）は、日本にお住まいの個人のお客さまが対象の制度です。法人口座でのお取引は一般口座となります。
      </p>
    </Card>
  );
}

/** A child's account: NISA opens at 18 on 1 January (domain.md §5). */
export function NisaChildNotice() {
  return (
    <Card title="NISAについて">
      <p className="nisa-notice__lead">NISAは1月1日時点で18歳以上の方がご利用いただけます。</p>
      <p className="nisa-notice__text">
        現在のお取引は特定口座となります。1月1日時点で18歳以上となる年から、NISA口座をお申し込みいただけます。
      </p>
    </Card>
  );
}

/** Junior NISA: no new purchases since 2024, the account can be withdrawn tax-free at any time. */
export function NisaJuniorNotice() {
  return (
    <Card title="ジュニアNISAについて">
      <p className="nisa-notice__lead">ジュニアNISAでの新たなご購入は、2023年で終了しました。</p>
      <p className="nisa-notice__text">
        保有中の商品は、そのまま非課税で保有を続けられます。ジュニアNISA口座の資産は、年齢にかかわらずいつでも非課税で払い出し（お引き出し）いただけます。
      </p>
    </Card>
  );
}

/** An adult without a NISA account (nisaStatusByYear 400-666): what NISA is and where to apply. */
export function NisaNoAccountNotice() {
  return (
    <Card title="NISA口座をお持ちでないお客さまへ">
      <p className="nisa-notice__lead">NISA口座が開設されていないため、NISAの利用状況はありません。</p>
      <p className="nisa-notice__text">
        NISAでは、つみたて投資枠（年間1,200,000円）と成長投資枠（年間2,400,000円）で購入した投資信託の利益が非課税になります。1月1日時点で18歳以上の、日本にお住まいの方がお申し込みいただけます（NISA口座はおひとり1口座です）。
      </p>
      <p className="nisa-notice__action">
        <ExternalLink href={env.accountOpeningUrl} className="nisa-notice__link">
          NISA口座を申し込む
        </ExternalLink>
      </p>
    </Card>
  );
}
