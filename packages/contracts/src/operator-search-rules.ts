// The rules of the operator console's customer search (decision 038), without the schemas library, so
// the console's form checks them as the operator types from the same source as the server's schema
// (operator-console.ts) without loading zod into the shared code (decision 028).

/** 口座番号 in a search: the whole 7 digits or its first digits. */
export const operatorAccountNumberPattern = /^\d{1,7}$/;
/** フリガナ in a search: 全角カタカナ, the long vowel mark and spaces. */
export const operatorNameKanaPattern = /^[ァ-ヶー\u3000 ]+$/;
/** フリガナ in a search: at most this many characters (a family and a given name fit with room). */
export const operatorNameKanaMaxLength = 50;

export const operatorAccountNumberMessage = '口座番号は半角数字7桁以内で入力してください';
export const operatorNameKanaLengthMessage = `フリガナは${operatorNameKanaMaxLength}文字以内で入力してください`;
export const operatorNameKanaMessage = 'フリガナは全角カタカナで入力してください';
export const operatorSearchEmptyMessage = '口座番号またはフリガナを入力してください';
