import type { AccountRoleType } from '@fund/contracts';

/** Where the agent (代理人) of an account is changed (spec §2 /mypage/changeAgent). */
export const changeAgentPath = '/mypage/changeAgent';

export interface AgentNote {
  /** Who acts for the account, as the block's heading. */
  readonly title: string;
  readonly text: string;
  readonly linkLabel: string;
}

export interface ProfileWording {
  /** The term before the name: whose name it is. */
  readonly nameTerm: string;
  /** Who acts for the account; null when the holder acts themselves (ADULT). */
  readonly agent: AgentNote | null;
}

/**
 * What my page says about the holder for each AccountRoleType (decision 012 "Roles"): a corporation is
 * represented by its 代表者 (or a person it names), a minor's and a junior NISA account by the 親権者
 * (the parent as legal agent, 法定代理人). Unknown role (the profile did not load): no agent wording.
 */
export function profileWordingFor(role: AccountRoleType | null): ProfileWording {
  switch (role) {
    case 'CORPORATION':
      return {
        nameTerm: '法人名',
        agent: {
          title: '代表者・お取引担当者',
          text: '法人口座のお取引は、代表者さま、または代表者さまから届出のあったお取引担当者さまが行います。',
          linkLabel: '代表者・お取引担当者を変更する',
        },
      };
    case 'CHILD':
      return {
        nameTerm: '口座名義人（お子さま）',
        agent: {
          title: '親権者（法定代理人）',
          text: '未成年者口座のお取引は、親権者さまが法定代理人として行います。',
          linkLabel: '親権者（代理人）を変更する',
        },
      };
    case 'JUNIOR_NISA':
      return {
        nameTerm: '口座名義人（お子さま）',
        agent: {
          title: '親権者（法定代理人）',
          text: 'ジュニアNISA口座のお取引・払出しのお手続きは、親権者さまが法定代理人として行います。',
          linkLabel: '親権者（代理人）を変更する',
        },
      };
    case 'ADULT':
    case null:
      return { nameTerm: 'お名前', agent: null };
  }
}
