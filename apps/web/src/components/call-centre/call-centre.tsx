import { useId, type MouseEvent } from 'react';
import { supportContact } from '../../config/support';
import { readInquiryId } from '../../lib/auth/session-user';
import { openMailDraft } from '../../lib/mail/open-mail-draft';
import { buildSupportMailDraft } from '../../lib/mail/support-mail';
import { useReadOnly } from '../../lib/read-only/read-only';
import { BusinessHours, type HeadingLevel } from '../business-hours/business-hours';
import { DisabledLink } from '../button/disabled-link';
import './call-centre.css';

export interface CallCentreProps {
  readonly title: string;
  /** Level of the block's title in the page outline; the business hours sit one level below. */
  readonly headingLevel?: Exclude<HeadingLevel, 5>;
  readonly showFax?: boolean;
  readonly showBusinessHours?: boolean;
  readonly showMail?: boolean;
  /**
   * The customer's user name, which doubles as the inquiry ID in the mail (spec §3). Default: the signed-in
   * session user's name (lib/auth/session-user), read when the mail is written.
   */
  readonly inquiryId?: string;
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/-/g, '')}`;
}

/**
 * The support contact block (spec §2): phone, and optionally fax, business hours and a mail link that
 * opens a pre-filled draft (spec §9).
 */
export function CallCentre({
  title,
  headingLevel = 2,
  showFax = false,
  showBusinessHours = false,
  showMail = false,
  inquiryId,
}: CallCentreProps) {
  const titleId = useId();
  const readOnly = useReadOnly();
  const Heading = `h${headingLevel}` as const;

  const writeMail = (event: MouseEvent<HTMLAnchorElement>) => {
    // the draft is built on click, so the time in its subject is when the customer wrote, not when the page loaded
    event.preventDefault();
    openMailDraft(
      buildSupportMailDraft({
        to: supportContact.mailAddress,
        windowName: supportContact.windowName,
        inquiryId: inquiryId ?? readInquiryId(),
        now: new Date(),
      }),
    );
  };

  return (
    <section className="call-centre" aria-labelledby={titleId}>
      <Heading id={titleId} className="call-centre__title">
        {title}
      </Heading>
      <dl className="call-centre__contacts">
        <div className="call-centre__row">
          <dt>電話</dt>
          <dd>
            <a className="call-centre__phone" href={telHref(supportContact.phone)}>
              {supportContact.phone}
            </a>
          </dd>
        </div>
        {showFax ? (
          <div className="call-centre__row">
            <dt>FAX</dt>
            <dd>{supportContact.fax}</dd>
          </div>
        ) : null}
        {showMail ? (
          <div className="call-centre__row">
            <dt>メール</dt>
            <dd>
              {readOnly ? (
                // the draft would be written as the customer (their inquiry ID) from the operator's mailer
                <DisabledLink className="call-centre__mail">{supportContact.mailAddress}</DisabledLink>
              ) : (
                <a
                  className="call-centre__mail"
                  href={`mailto:${supportContact.mailAddress}`}
                  onClick={writeMail}
                >
                  {supportContact.mailAddress}
                </a>
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      {showBusinessHours ? <BusinessHours headingLevel={(headingLevel + 1) as HeadingLevel} /> : null}
    </section>
  );
}
