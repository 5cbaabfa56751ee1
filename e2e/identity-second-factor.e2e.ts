import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { useRunningApp } from './support/harness.ts';
import { authorizationRequest } from './support/oidc.ts';
import {
  callAuthApi,
  demoPassword,
  signInWithPassword,
  submitSignIn,
  tokensAfterReturn,
} from './support/sign-in.ts';

// passkeys need a host name: WebAuthn refuses an IP address as the relying party
const app = useRunningApp({ host: 'localhost' });

/** The tests drive the OAuth flow themselves, so the web app must not take their callbacks. */
function withPage(test: (page: Page, problems: string[]) => Promise<void>): Promise<void> {
  return app.withPage(test, { keepCallbacksFromApp: true });
}

describe('second factors through the identity pages (issue 3; security.md 15, 19)', () => {
  it('enrols an authenticator app (TOTP) and then asks for its code at sign-in', () =>
    withPage(async (page, problems) => {
      const { baseUrl } = app.server;
      const accessToken = await signInWithPassword(page, baseUrl, '1000008');
      const setup = await callAuthApi(baseUrl, accessToken, '/auth/v1/mfa/setup', {
        current_password: demoPassword,
      });
      expect(setup.status).toBe(200);
      const secret = String(setup.body.secret);
      const now = Math.floor(Date.now() / 1000);
      const confirm = await callAuthApi(baseUrl, accessToken, '/auth/v1/mfa/confirm', {
        current_password: demoPassword,
        code: await generate({ secret, epoch: now }),
      });
      expect(confirm.status).toBe(200);

      const request = authorizationRequest(baseUrl);
      await page.goto(request.url);
      await submitSignIn(page, '1000008', demoPassword);
      await expect.poll(() => page.locator('h1').textContent()).toBe('2段階認証');
      await expectAccessible(page);
      // the enrolment used this time step's code, which cannot be used again: take the next step's
      await page.getByLabel('確認コード').fill(await generate({ secret, epoch: now + 30 }));
      await page.getByRole('button', { name: '確認する' }).click();
      await tokensAfterReturn(page, baseUrl, request);
      expect(problems).toEqual([]);
    }));

  it('enrols a passkey in Chromium’s virtual authenticator and signs in with it, without the account number', () =>
    withPage(async (page) => {
      const { baseUrl } = app.server;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      const accessToken = await signInWithPassword(page, baseUrl, '1000002');
      const setup = await callAuthApi(baseUrl, accessToken, '/auth/v1/webauthn/setup', {
        current_password: demoPassword,
      });
      expect(setup.status).toBe(200);
      // what a set-up page does: hand the options to the browser and return the new credential as JSON
      const credential = await page.evaluate(
        async (options) => {
          const bytes = (value: string) =>
            Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
          const text = (buffer: ArrayBuffer) =>
            btoa(String.fromCharCode(...new Uint8Array(buffer)))
              .replace(/\+/g, '-')
              .replace(/\//g, '_')
              .replace(/=+$/, '');
          const json = options as unknown as PublicKeyCredentialCreationOptionsJSON;
          const created = (await navigator.credentials.create({
            publicKey: {
              ...json,
              challenge: bytes(json.challenge),
              user: { ...json.user, id: bytes(json.user.id) },
              excludeCredentials: (json.excludeCredentials ?? []).map((item) => ({
                ...item,
                id: bytes(item.id),
              })),
            } as PublicKeyCredentialCreationOptions,
          })) as PublicKeyCredential;
          const response = created.response as AuthenticatorAttestationResponse;
          return {
            id: created.id,
            rawId: text(created.rawId),
            type: 'public-key',
            response: {
              clientDataJSON: text(response.clientDataJSON),
              attestationObject: text(response.attestationObject),
              transports: response.getTransports(),
            },
            clientExtensionResults: created.getClientExtensionResults(),
          };
        },
        setup.body.options as Record<string, unknown>,
      );
      const confirm = await callAuthApi(baseUrl, accessToken, '/auth/v1/webauthn/confirm', {
        current_password: demoPassword,
        credential,
      });
      expect(confirm.status).toBe(201);

      const request = authorizationRequest(baseUrl);
      await page.goto(request.url);
      await page.getByRole('button', { name: 'パスキーでログイン' }).click();
      await tokensAfterReturn(page, baseUrl, request);
    }));
});
