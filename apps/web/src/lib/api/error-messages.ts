/** The Japanese texts the API client shows by itself (spec §8); every other text comes from the error body. */
export const ApiErrorMessage = {
  /** Any code starting with 500, and a 40x body that carries neither detail nor message. */
  server:
    'エラーが発生しました。しばらく時間をおいて再度お試しください。解消されない場合は「セゾン投信お客さま窓口」までお問合せください。',
  /** No answer at all: the call never reached a server, or the connection broke. */
  network: 'ネットワークエラーが発生しました。しばらく時間をおいて再度お試しください。',
} as const;
