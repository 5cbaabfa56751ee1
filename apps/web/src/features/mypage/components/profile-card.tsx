import { formatAccountRole } from '@fund/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Card, DescriptionList } from '../../../components/ui';
import { readSessionUser } from '../../../lib/auth/session-user';
import { browserLocation } from '../../../lib/navigation/browser-location';
import { useReadOnly } from '../../../lib/read-only/read-only';
import { changeAgentPath, profileWordingFor } from '../mypage-roles';
import { UnavailableNote } from './unavailable-note';

/**
 * お客さま情報: name, 口座番号, 部店, the kind of account and, for a represented account, its agent. The
 * root loading keeps them as the session's user data (spec §3) before any page shows; when it could not
 * load them, a reload runs it again. Not on read-only screens (an operator's view, decision 024): the
 * session there is not the customer's (the console's banner names the customer), and the block's link
 * leads to 代理人の変更, a write screen.
 */
export function ProfileCard() {
  const readOnly = useReadOnly();
  const user = useMemo(() => (readOnly ? null : readSessionUser()), [readOnly]);
  const wording = profileWordingFor(user?.accountRole ?? null);
  if (readOnly) return null;
  return (
    <Card title="お客さま情報" className="mypage-profile">
      {user === null ? (
        <UnavailableNote what="お客さま情報" onRetry={() => browserLocation.reload()} />
      ) : (
        <DescriptionList
          label="お客さま情報"
          items={[
            { term: wording.nameTerm, value: user.name },
            { term: '口座番号', value: <span data-testid="account-number">{user.accountNumber}</span> },
            { term: '部店番号', value: user.branchCode },
            { term: '口座の種類', value: formatAccountRole(user.accountRole) },
          ]}
        />
      )}
      {wording.agent === null ? null : (
        <div className="mypage-profile__agent">
          <h3 className="mypage-subtitle">{wording.agent.title}</h3>
          <p className="mypage-text">{wording.agent.text}</p>
          <Link className="mypage-link" to={changeAgentPath}>
            {wording.agent.linkLabel}
          </Link>
        </div>
      )}
    </Card>
  );
}
