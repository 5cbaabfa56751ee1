import type { FastifyReply, FastifyRequest } from 'fastify';

/** What is known once the password was right. */
export interface PasswordStep {
  readonly customerId: string;
  readonly accountNumber: string;
  /** The provider's interaction uid: a further step keeps its state against it. */
  readonly interactionUid: string;
}

export type AfterPasswordOutcome =
  /** Sign-in complete: the interaction finishes with these authentication methods (RFC 8176 `amr`). */
  | { readonly kind: 'done'; readonly amr: readonly string[] }
  /** The step answered the request itself (e.g. rendered a one-time-code page); the sign-in is pending. */
  | { readonly kind: 'answered' };

/**
 * The seam for a second factor: called after a correct password, before the provider is told who signed
 * in. A second-factor implementation answers with its own page ('answered') and, once the factor is
 * verified, completes the sign-in with `completeSignIn` from identity.plugin.ts.
 */
export interface SignInSteps {
  afterPassword(
    step: PasswordStep,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<AfterPasswordOutcome>;
}

/** Password only: what sign-in is until second factors are wired. */
export const passwordOnlySteps: SignInSteps = {
  async afterPassword() {
    return { kind: 'done', amr: ['pwd'] };
  },
};
