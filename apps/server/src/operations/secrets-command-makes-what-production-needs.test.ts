import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/config.ts';
import { environmentLine, productionSecrets } from './production-secrets.ts';

// Issue 27 point 4: `npm run secrets -- generate` prints every secret production needs, in the format
// the settings expect. The parser is the judge: production with those lines (and its mail server and the
// partners' addresses, which are not secrets) starts.
describe('the secrets command makes what production needs', () => {
  it('generates every secret production refuses to start without, in the settings’ own format', async () => {
    const secrets = await productionSecrets();
    const config = parseConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.internal:587',
      CARD_ISSUER_API_URL: 'https://api.card.example.jp/v1',
      PARTNER_TRADE_REPORTS_URL: 'https://reports.example.jp/fund',
      ...secrets,
    });
    expect(config.identity.jwks?.keys).toHaveLength(1);
    expect(config.identity.jwks?.keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
    });
    expect(config.identity.cookieKeys).toHaveLength(1);
  });

  it('makes new values every time', async () => {
    const [first, second] = [await productionSecrets(), await productionSecrets()];
    for (const name of Object.keys(first)) expect(first[name]).not.toBe(second[name]);
  });

  it('prints lines an environment file and a shell both read back unchanged', async () => {
    const secrets = await productionSecrets();
    for (const [name, value] of Object.entries(secrets)) {
      expect(value).not.toContain("'");
      expect(environmentLine(name, value)).toBe(`${name}='${value}'`);
    }
  });
});
