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
 * verified, completes the sign-in with `completeSignIn` from identity.routes.ts. The app's steps are
 * sign-in-second-step/second-factor.routes.ts (`SecondFactor`).
 */
export interface SignInSteps {
  afterPassword(
    step: PasswordStep,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<AfterPasswordOutcome>;
}

/** Password only, never a second step: for tests that inject their steps (`IdentityRoutesOptions.steps`). */
export const passwordOnlySteps: SignInSteps = {
  async afterPassword() {
    return { kind: 'done', amr: ['pwd'] };
  },
};
