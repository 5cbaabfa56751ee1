import { z } from 'zod';

/**
 * 代理人 of an account (decision 020): a CHILD or JUNIOR_NISA account has a 法定代理人 (LEGAL_GUARDIAN:
 * a parent, or a court-appointed 未成年後見人), a CORPORATION account a 代表者 (REPRESENTATIVE). An ADULT
 * account has none: both calls answer 400-666 (not applicable to this account) for it.
 */
export const agentKindSchema = z.enum(['LEGAL_GUARDIAN', 'REPRESENTATIVE']);
export type AgentKind = z.infer<typeof agentKindSchema>;

/** A 法定代理人's relationship to the minor: 父, 母 or 未成年後見人. */
export const guardianRelationshipSchema = z.enum(['FATHER', 'MOTHER', 'GUARDIAN']);
export type GuardianRelationship = z.infer<typeof guardianRelationshipSchema>;

export const guardianRelationshipLabels: Readonly<Record<GuardianRelationship, string>> = {
  FATHER: '父',
  MOTHER: '母',
  GUARDIAN: '未成年後見人',
};

/** Which kind of 代理人 each role has; null: none (ADULT). */
export const agentKindOfRole = {
  ADULT: null,
  CORPORATION: 'REPRESENTATIVE',
  CHILD: 'LEGAL_GUARDIAN',
  JUNIOR_NISA: 'LEGAL_GUARDIAN',
} as const satisfies Record<'ADULT' | 'CORPORATION' | 'CHILD' | 'JUNIOR_NISA', AgentKind | null>;

/** Full-width katakana, the long-vowel mark and spaces (フリガナ as the account forms take it). */
const katakana = /^[ァ-ヶー・\u3000 ]+$/;

const name = (label: string) =>
  z.string().trim().min(1, `${label}を入力してください`).max(50, `${label}は50文字以内で入力してください`);
const kana = (label: string) => name(label).regex(katakana, `${label}は全角カタカナで入力してください`);

export const agentSchema = z
  .object({
    kind: agentKindSchema,
    lastName: z.string(),
    firstName: z.string(),
    lastNameKana: z.string(),
    firstNameKana: z.string(),
    /** LEGAL_GUARDIAN: FATHER, MOTHER or GUARDIAN; REPRESENTATIVE: the title (代表取締役 …). */
    relationship: z.string(),
    /** When it was last set or changed. */
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Agent' });
export type Agent = z.infer<typeof agentSchema>;

/** `GET /v6/agent`: the kind of 代理人 the account has and the one registered (null: none yet). */
export const agentOfAccountSchema = z
  .object({ kind: agentKindSchema, agent: agentSchema.nullable() })
  .meta({ id: 'AgentOfAccount' });
export type AgentOfAccount = z.infer<typeof agentOfAccountSchema>;

/**
 * `PUT /v6/agent`: the new 代理人, with the holder's current password (re-authentication, as the identity
 * service asks before a credential change). The relationship is checked against the account's kind: one
 * of FATHER, MOTHER, GUARDIAN for a 法定代理人, the title for a 代表者.
 */
export const putAgentBodySchema = z
  .object({
    lastName: name('姓'),
    firstName: name('名'),
    lastNameKana: kana('姓（フリガナ）'),
    firstNameKana: kana('名（フリガナ）'),
    relationship: z
      .string()
      .trim()
      .min(1, '続柄・役職を入力してください')
      .max(30, '続柄・役職は30文字以内で入力してください'),
    currentPassword: z.string().min(1, '本人確認のため、現在のパスワードを入力してください').max(1024),
  })
  .meta({ id: 'PutAgentRequest' });
export type PutAgentBody = z.infer<typeof putAgentBodySchema>;
