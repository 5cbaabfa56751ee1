import type { AccountRoleType } from '@fund/contracts';

const notes: Partial<Record<AccountRoleType, { readonly title: string; readonly text: string }>> = {
  JUNIOR_NISA: {
    title: 'ジュニアNISA口座のお客さまへ',
    text: 'ジュニアNISAは2023年末で新しい買付を終了したため、ファンドの購入・積立はできません。ジュニアNISA口座でお預かりしているファンドは、いつでも非課税で売却して払い出せます。',
  },
  CORPORATION: {
    title: '法人口座のお客さまへ',
    text: '法人口座ではNISAをご利用いただけません。ファンドのNISA対象区分は参考情報として表示しています。ご購入は一般口座でのお取引です。',
  },
  CHILD: {
    title: '未成年口座のお客さまへ',
    text: 'NISAは、その年の1月1日時点で18歳以上の方がご利用いただけます。ファンドのNISA対象区分は参考情報として表示しています。ご購入は特定口座でのお取引です。',
  },
};

/** What this customer's account type changes on the list (decision 012 "Roles"), said once at the top. */
export function TradingRoleNote({ accountRole: role }: { readonly accountRole: AccountRoleType | null }) {
  const note = role === null ? undefined : notes[role];
  if (note === undefined) return null;
  return (
    <div className="trading-role-note">
      <p className="trading-role-note__title">{note.title}</p>
      <p className="trading-role-note__text">{note.text}</p>
    </div>
  );
}
