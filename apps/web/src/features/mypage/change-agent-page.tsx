import { formatJapaneseDateTime } from '@fund/domain';
import { LinkButton } from '../../components/button/link-button';
import { PageHeading } from '../../components/page-heading/page-heading';
import { Card, DescriptionList, ErrorState, Skeleton } from '../../components/ui';
import { ApiError } from '../../lib/api/api-client';
import { noAgentForAccountCode, useAgent } from './api/agent-calls';
import { agentLabelOf, relationshipTextOf } from './agent-text';
import { AgentForm } from './components/agent-form';
import './change-agent.css';

/**
 * 代理人の変更 (spec §2 /mypage/changeAgent; decision 020): the account's 法定代理人 (a minor's account) or
 * 代表者 (a corporation's), and the form to change it after the current password. An adult's account has
 * none, which the page explains.
 */
export function ChangeAgentPage() {
  const agent = useAgent();
  return (
    <div className="change-agent">
      <PageHeading title="代理人の変更" />
      {agent.isPending ? (
        <Skeleton label="代理人" lines={5} />
      ) : agent.isError ? (
        agent.error instanceof ApiError && agent.error.code === noAgentForAccountCode ? (
          <NoAgent />
        ) : (
          <ErrorState what="代理人" onRetry={() => void agent.refetch()} retrying={agent.isFetching} />
        )
      ) : (
        <>
          <Card title={`現在の${agentLabelOf(agent.data.kind)}`}>
            <p className="change-agent__text">
              {agent.data.kind === 'LEGAL_GUARDIAN'
                ? '未成年のお客さまの口座は、親権者などの法定代理人がお取引やお手続きを行います。'
                : '法人のお客さまの口座は、法人を代表する方（代表者）がお取引やお手続きを行います。'}
            </p>
            {agent.data.agent === null ? (
              <p className="change-agent__text">登録されていません。</p>
            ) : (
              <DescriptionList
                label={`現在の${agentLabelOf(agent.data.kind)}`}
                items={[
                  {
                    term: '氏名',
                    value: `${agent.data.agent.lastName} ${agent.data.agent.firstName}`,
                    note: `${agent.data.agent.lastNameKana} ${agent.data.agent.firstNameKana}`,
                  },
                  {
                    term: agent.data.kind === 'LEGAL_GUARDIAN' ? '続柄' : '役職',
                    value: relationshipTextOf(agent.data.agent),
                  },
                  { term: '登録・変更日時', value: formatJapaneseDateTime(agent.data.agent.updatedAt) },
                ]}
              />
            )}
          </Card>
          <Card title={`${agentLabelOf(agent.data.kind)}を変更する`}>
            <p className="change-agent__text">
              新しい{agentLabelOf(agent.data.kind)}
              の方の情報を入力してください。変更すると、ご登録のメールアドレスにお知らせします。
            </p>
            <AgentForm kind={agent.data.kind} />
          </Card>
        </>
      )}
    </div>
  );
}

/** An adult's own account: no 代理人 to change. */
function NoAgent() {
  return (
    <Card title="代理人の登録はありません">
      <p className="change-agent__text">
        ご本人さま名義の口座では、お取引やお手続きはご本人さまが行います。代理人の登録・変更はできません。
      </p>
      <p className="change-agent__text">
        ご事情によりご本人さまがお手続きできない場合は、お客さま窓口までご相談ください。
      </p>
      <LinkButton to="/mypage" variant="outline" width="100%">
        マイページへ戻る
      </LinkButton>
    </Card>
  );
}
