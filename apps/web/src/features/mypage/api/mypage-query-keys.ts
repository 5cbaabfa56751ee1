/** Query keys of my page's own calls (decision 012); the account calls it shares keep their own keys. */
export const mypageQueryKeys = {
  all: ['mypage'] as const,
  creditCard: () => [...mypageQueryKeys.all, 'credit-card'] as const,
  accountTransferAccount: () => [...mypageQueryKeys.all, 'account-transfer-account'] as const,
  userProfile: () => [...mypageQueryKeys.all, 'user-profile'] as const,
  userSessions: () => [...mypageQueryKeys.all, 'user-sessions'] as const,
  loginAttempts: () => [...mypageQueryKeys.all, 'login-attempts'] as const,
  documents: () => [...mypageQueryKeys.all, 'documents'] as const,
  document: (id: string) => [...mypageQueryKeys.all, 'documents', id] as const,
};
