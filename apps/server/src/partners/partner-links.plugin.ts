import fp from 'fastify-plugin';
import { PartnerLinks } from './partner-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hashed user ids and trade-report links for the partner sites (partner-links.ts). */
    readonly partnerLinks: PartnerLinks;
  }
}

export const partnerLinksPlugin = fp(
  async (app) => {
    app.decorate('partnerLinks', new PartnerLinks(app.config.partners, app.config.publicOrigin));
  },
  { name: 'partner-links', fastify: '5.x', dependencies: ['config'] },
);
