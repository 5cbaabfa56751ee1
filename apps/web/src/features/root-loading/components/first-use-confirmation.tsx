import { useId, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { env } from '../../../config/env';
import { supportContact } from '../../../config/support';
import { navigateTo } from '../../../lib/navigation/navigate-to';
import { openExternalUrl } from '../../../lib/navigation/external';
import { accountUpdateUrl } from '../../../lib/navigation/hand-off-urls';
import { clearNoConfirmed, NO_CONFIRMED_PARAM } from '../no-confirmed-flag';
import { AccountScreen } from './account-screen';

/**
 * FAQ pages under env.faqBaseUrl. The spec names the topics, not the pages; the operator's FAQ site
 * must serve these paths (or the paths are changed here, in one place).
 */
export const confirmationFaqPaths = {
  riskTolerance: 'risk-tolerance/',
  residence: 'country-of-residence/',
  usPerson: 'us-person/',
  foreignPeps: 'foreign-peps/',
  antiSocialForces: 'anti-social-forces/',
  documents: 'documents-and-terms/',
  whyThisScreen: 'reconfirmation/',
} as const;

export function faqUrl(path: string): string {
  return new URL(path, env.faqBaseUrl).href;
}

interface Condition {
  readonly text: ReactNode;
  readonly help: string;
  readonly faqPath: string;
}

/** The six conditions under which the service may not be used (spec §2 "First-use confirmation"). */
const conditions: readonly Condition[] = [
  {
    text: '投資に対するお考え（リスク許容度）が「低リスク・低リターン」である',
    help: 'リスク許容度について',
    faqPath: confirmationFaqPaths.riskTolerance,
  },
  {
    text: 'お住まいの国（居住国）が日本以外である',
    help: '居住国について',
    faqPath: confirmationFaqPaths.residence,
  },
  {
    text: (
      <>
        米国籍をお持ちである、または米国に居住している
        <span className="confirmation-conditions__note">
          ※米国の永住権（グリーンカード）をお持ちの方は米国籍をお持ちの方に、1年のうち183日以上米国に滞在している方は米国に居住している方に含みます。
        </span>
      </>
    ),
    help: '米国籍・米国居住者について',
    faqPath: confirmationFaqPaths.usPerson,
  },
  {
    text: '外国PEPs（外国の重要な公的地位にある方、その地位にあった方、またはそのご家族）に該当する',
    help: '外国PEPsについて',
    faqPath: confirmationFaqPaths.foreignPeps,
  },
  {
    text: '反社会的勢力に該当しないことの表明・確約に同意いただけない',
    help: '反社会的勢力でないことの表明・確約について',
    faqPath: confirmationFaqPaths.antiSocialForces,
  },
  {
    text: '契約締結前交付書面・総合取引約款・個人情報保護方針の内容に同意いただけない',
    help: '契約締結前交付書面・総合取引約款・個人情報保護方針について',
    faqPath: confirmationFaqPaths.documents,
  },
];

/** A link to an FAQ page, opened like every other site (in the native app, in the device's browser). */
function FaqLink({ path, children }: { readonly path: string; readonly children: ReactNode }) {
  const href = faqUrl(path);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    openExternalUrl(href);
  };
  return (
    <a className="confirmation-link" href={href} target="_blank" rel="noopener noreferrer" onClick={open}>
      {children}
      <span className="visually-hidden">（新しいウィンドウで開きます）</span>
    </a>
  );
}

/** The app path to come back to from the account-update site, without the one-off noConfirmed switch. */
function callbackPathOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(NO_CONFIRMED_PARAM);
  const query = params.toString();
  return query === '' ? pathname : `${pathname}?${query}`;
}

export interface FirstUseConfirmationProps {
  /** The customer's id for the partner sites (hashed_user_id), when known. */
  readonly hashedUserId: string | undefined;
}

/**
 * The yearly confirmation 「ご利用前にご確認ください」 (spec §2, §4, §5): the customer confirms that none of
 * the six conditions applies and goes on to the account-update site to confirm the registered details.
 */
export function FirstUseConfirmation({ hashedUserId }: FirstUseConfirmationProps) {
  const { pathname, search } = useLocation();
  const conditionsTitleId = useId();

  const confirm = () => {
    clearNoConfirmed();
    navigateTo(accountUpdateUrl({ callbackPath: callbackPathOf(pathname, search), hashedUserId }));
  };

  return (
    <AccountScreen>
      <PageHeading title="ご利用前にご確認ください" />
      <p className="account-screen__lead">
        お客さまに安心してお取引いただくため、定期的に（1年に1回）以下の事項のご確認をお願いしております。内容をご確認のうえ、画面下のボタンを押してください。
      </p>
      <section className="account-screen__section" aria-labelledby={conditionsTitleId}>
        <h2 id={conditionsTitleId}>次のいずれかに該当するお客さまは、本サービスをご利用いただけません</h2>
        <ul className="confirmation-conditions">
          {conditions.map(({ text, help, faqPath }) => (
            <li key={faqPath} className="confirmation-conditions__item">
              <p className="confirmation-conditions__text">{text}</p>
              <FaqLink path={faqPath}>{help}</FaqLink>
            </li>
          ))}
        </ul>
        <p>いずれかに該当する場合は、お手数ですが「{supportContact.windowName}」までお問い合わせください。</p>
      </section>
      <p>
        <FaqLink path={confirmationFaqPaths.whyThisScreen}>この画面が表示される理由</FaqLink>
      </p>
      <div className="account-screen__actions">
        <Button bold onClick={confirm}>
          該当しないことを確認しました
        </Button>
      </div>
    </AccountScreen>
  );
}
