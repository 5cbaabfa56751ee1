import type { ChildAutoCompletionRequest } from '@fund/contracts';

// The child's own data the parent types (contracts childAutoCompletionRequestSchema), checked in the
// browser with the server's rules and Japanese messages before the call.

export type ChildAccountInput = ChildAutoCompletionRequest;
export type ChildAccountErrors = Partial<Record<keyof ChildAccountInput, string>>;

const kanaPattern = /^[ァ-ヶー\u3000 ]+$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

export function childAccountErrors(input: ChildAccountInput): ChildAccountErrors {
  const firstName = input.firstName.trim();
  const kana = input.firstNameKana.trim();
  return {
    ...(firstName === ''
      ? { firstName: 'お名前（名）を入力してください。' }
      : firstName.length > 50
        ? { firstName: 'お名前（名）は50文字以内で入力してください。' }
        : {}),
    ...(kana === ''
      ? { firstNameKana: 'フリガナ（名）を入力してください。' }
      : !kanaPattern.test(kana) || kana.length > 50
        ? { firstNameKana: 'フリガナは全角カタカナ50文字以内で入力してください。' }
        : {}),
    ...(datePattern.test(input.birthDate) ? {} : { birthDate: '生年月日を入力してください。' }),
  };
}
