import {
  agentKindOfRole,
  ErrorCode,
  guardianRelationshipSchema,
  type AgentKind,
  type AgentOfAccount,
  type PutAgentBody,
} from '@fund/contracts';
import type { CustomerAgent, Database } from '@fund/db';
import { recordAudit, type CallActor } from '../../audit/audit-log.ts';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../errors/app-error.ts';
import { agentChangedMail } from '../../mail/mail-templates.ts';
import type { Mailer } from '../../mail/mailer.service.ts';
import { escapeHtml } from '../../html/escape-html.ts';
import {
  findAgent,
  findAgentHolder,
  postNotice,
  upsertAgent,
  type AgentHolder,
} from './agents.repository.ts';

/** What the customer reads for each kind (法定代理人 / 代表者). */
export const agentLabels: Readonly<Record<AgentKind, string>> = {
  LEGAL_GUARDIAN: '法定代理人',
  REPRESENTATIVE: '代表者',
};

export const agentMessages = {
  notApplicable: 'ご本人名義の口座には代理人の登録はありません。お手続きはご本人さまが行ってください。',
  passwordWrong: '現在のパスワードが正しくありません。',
  guardianRelationship: '続柄は「父」「母」「未成年後見人」から選んでください',
  locked: 'アカウントがロックされているため変更できません。お客さま窓口までお問い合わせください。',
} as const;

export interface AgentCaller {
  readonly customerId: string;
  readonly actor: CallActor;
  readonly requestId: string;
  readonly ip: string;
}

export interface AgentsDependencies {
  readonly db: Database;
  /** The business clock: the notice is published, and the change stamped, at its time. */
  readonly now: () => Date;
  readonly mailer: Mailer;
  /** The identity service's re-authentication (`app.reauthenticateCustomer`). */
  readonly reauthenticate: (
    customerId: string,
    proof: { readonly password: string },
  ) => Promise<'ok' | 'wrong' | 'locked'>;
}

function answer(kind: AgentKind, row: CustomerAgent | undefined): AgentOfAccount {
  return {
    kind,
    agent:
      row === undefined
        ? null
        : {
            kind: row.kind,
            lastName: row.lastName,
            firstName: row.firstName,
            lastNameKana: row.lastNameKana,
            firstNameKana: row.firstNameKana,
            relationship: row.relationship,
            updatedAt: row.updatedAt.toISOString(),
          },
  };
}

/**
 * 代理人 of an account (decision 020): read, and changed by the holder's side after the current password
 * (the identity service's re-authentication, so a wrong one counts toward the sign-in lock). A change is
 * audited, posted as a notice (お知らせ) and mailed to the account's address, in one transaction.
 */
export class AgentsService {
  readonly #d: AgentsDependencies;

  constructor(dependencies: AgentsDependencies) {
    this.#d = dependencies;
  }

  async #holderWithKind(customerId: string): Promise<{ holder: AgentHolder; kind: AgentKind }> {
    const holder = await findAgentHolder(this.#d.db, customerId);
    if (holder === undefined) throw new NotFoundError();
    const kind = agentKindOfRole[holder.accountRole];
    if (kind === null) throw new AppError(ErrorCode.notApplicableToAccount, agentMessages.notApplicable);
    return { holder, kind };
  }

  async agentOf(customerId: string): Promise<AgentOfAccount> {
    const { kind } = await this.#holderWithKind(customerId);
    return answer(kind, await findAgent(this.#d.db, customerId));
  }

  async changeAgent(caller: AgentCaller, body: PutAgentBody): Promise<AgentOfAccount> {
    const { holder, kind } = await this.#holderWithKind(caller.customerId);
    const relationship = body.relationship.trim();
    if (kind === 'LEGAL_GUARDIAN' && !guardianRelationshipSchema.safeParse(relationship).success) {
      throw new ValidationError([
        { location: 'body', field: 'relationship', message: agentMessages.guardianRelationship },
      ]);
    }
    const now = this.#d.now();
    const audit = { actorType: caller.actor.actorType, actorId: caller.actor.actorId } as const;
    const proof = await this.#d.reauthenticate(caller.customerId, { password: body.currentPassword });
    if (proof !== 'ok') {
      // refusals are audited too (security.md 21), committed on their own
      await recordAudit(this.#d.db, {
        ...audit,
        subjectCustomerId: caller.customerId,
        action: 'customer.agent_change',
        outcome: 'refused',
        requestId: caller.requestId,
        ip: caller.ip,
        details: { kind, reason: proof === 'locked' ? 'sign_in_locked' : 'wrong_password' },
        occurredAt: now,
      });
      if (proof === 'locked') throw new ForbiddenError(agentMessages.locked);
      throw new ValidationError([
        { location: 'body', field: 'currentPassword', message: agentMessages.passwordWrong },
      ]);
    }
    const label = agentLabels[kind];
    const agentName = `${body.lastName} ${body.firstName}`.trim();
    const saved = await this.#d.db.transaction(async (tx) => {
      const replaced = (await findAgent(tx, caller.customerId)) !== undefined;
      const row = await upsertAgent(
        tx,
        caller.customerId,
        {
          kind,
          lastName: body.lastName,
          firstName: body.firstName,
          lastNameKana: body.lastNameKana,
          firstNameKana: body.firstNameKana,
          relationship,
        },
        now,
      );
      await recordAudit(tx, {
        ...audit,
        subjectCustomerId: caller.customerId,
        action: 'customer.agent_change',
        outcome: 'allowed',
        requestId: caller.requestId,
        ip: caller.ip,
        // no names: the audit says what happened, the table holds who
        details: { kind, replaced },
        occurredAt: now,
      });
      await postNotice(tx, {
        customerId: caller.customerId,
        category: 'important',
        title: `${label}の変更を受け付けました`,
        body: [
          `お客さまの口座の${label}を「${agentName} 様」に変更しました。`,
          'お心当たりのない場合は、すぐにお客さまサポートまでご連絡ください。',
        ]
          .map((line) => `<p>${escapeHtml(line)}</p>`)
          .join(''),
        publishedAt: now,
      });
      // an account without an address (none of the demo ones) still has the notice
      if (holder.email !== null) {
        await this.#d.mailer.enqueue(
          { to: holder.email, ...agentChangedMail({ agentLabel: label, agentName, at: now }) },
          tx,
        );
      }
      return row;
    });
    this.#d.mailer.requestDelivery();
    return answer(kind, saved);
  }
}
