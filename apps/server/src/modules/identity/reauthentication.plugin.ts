import fp from 'fastify-plugin';
import {
  reauthenticate,
  type ReauthenticationProof,
  type ReauthenticationResult,
} from './reauthentication.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The identity service's recent-authentication check (security.md 18) for changes outside it (the
     * 代理人, decision 020): the current password or a passkey step-up token. A wrong password counts
     * toward the sign-in lock, as at sign-in.
     */
    reauthenticateCustomer(customerId: string, proof: ReauthenticationProof): Promise<ReauthenticationResult>;
  }
}

/** Shares the identity module's re-authentication with the other modules as a decorator (they may not import it). */
export const reauthenticationPlugin = fp(
  async (app) => {
    app.decorate('reauthenticateCustomer', (customerId: string, proof: ReauthenticationProof) =>
      reauthenticate(app.db.db, customerId, proof, app.config.identity.lockThreshold, app.realClock.now()),
    );
  },
  { name: 'reauthentication', fastify: '5.x', dependencies: ['config', 'db', 'clock'] },
);
