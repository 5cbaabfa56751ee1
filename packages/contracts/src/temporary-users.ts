import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';

// `POST /v6/temporaryUsers/child/autoCompletion` (spec §7, decision 018): a parent opens an account for
// their child. The account-opening site is handed a temporary user (its `temporaryUserId` query) that the
// service fills in from the parent's data, so the parent types only what is the child's own.

/** The child's own data; the rest (family name, kana, address for mail) comes from the parent. */
export const childAutoCompletionRequestSchema = z
  .object({
    firstName: z.string().trim().min(1).max(50),
    firstNameKana: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .regex(/^[ァ-ヶー\u3000 ]+$/, { error: 'フリガナは全角カタカナで入力してください' }),
    birthDate: isoDateSchema,
  })
  .meta({ id: 'ChildAutoCompletionRequest' });
export type ChildAutoCompletionRequest = z.infer<typeof childAutoCompletionRequestSchema>;

export const childAutoCompletionSchema = z
  .object({
    temporaryUser: z.object({
      /** Passed to the account-opening site as `temporaryUserId`. */
      temporaryUserId: z.uuid(),
      lastName: z.string(),
      firstName: z.string(),
      lastNameKana: z.string(),
      firstNameKana: z.string(),
      birthDate: z.iso.date(),
      /** The parent (親権者) who asked, as the account-opening site shows them. */
      guardian: z.object({ name: z.string(), relationship: z.literal('PARENT') }),
      /** The temporary user is kept this long for the account-opening site to pick up. */
      expiresAt: z.iso.datetime({ offset: true }),
    }),
  })
  .meta({ id: 'ChildAutoCompletion' });
export type ChildAutoCompletion = z.infer<typeof childAutoCompletionSchema>;

export { TemporaryUserPath } from './paths.ts';
