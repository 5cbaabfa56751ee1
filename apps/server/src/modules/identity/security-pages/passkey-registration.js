/* global document, window, fromBase64url, toBase64url */
// Passkey registration on the account pages (served as /auth/v1/static/passkey-registration.js). The
// form holds a hidden button with data-options-url and data-csrf and a hidden `credential` field: the
// script fetches the creation options, asks the browser for a new credential, and submits the form
// (with the current password the customer typed) carrying the attestation as JSON. Only DOM properties
// are set (no markup from strings), as Trusted Types require; base64url comes from webauthn-base64url.js, served in front of this file.

function creationOptions(options) {
  return {
    challenge: fromBase64url(options.challenge),
    rp: options.rp,
    user: {
      id: fromBase64url(options.user.id),
      name: options.user.name,
      displayName: options.user.displayName,
    },
    pubKeyCredParams: options.pubKeyCredParams,
    timeout: options.timeout,
    attestation: options.attestation,
    authenticatorSelection: options.authenticatorSelection,
    excludeCredentials: (options.excludeCredentials || []).map((credential) => ({
      type: credential.type,
      id: fromBase64url(credential.id),
      transports: credential.transports,
    })),
    extensions: options.extensions,
  };
}

function attestationJson(credential) {
  const response = credential.response;
  const json = {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      attestationObject: toBase64url(response.attestationObject),
      transports: typeof response.getTransports === 'function' ? response.getTransports() : [],
    },
    clientExtensionResults: credential.getClientExtensionResults(),
  };
  if (credential.authenticatorAttachment) json.authenticatorAttachment = credential.authenticatorAttachment;
  return json;
}

function start() {
  const button = document.getElementById('passkey-register');
  const form = document.getElementById('account-form');
  const field = document.getElementById('passkey-credential');
  const error = document.getElementById('passkey-error');
  const unsupported = document.getElementById('passkey-unsupported');
  if (!button || !form || !field || !window.PublicKeyCredential || !navigator.credentials) return;
  button.hidden = false;
  if (unsupported) unsupported.hidden = true;
  button.addEventListener('click', async () => {
    if (error) error.hidden = true;
    button.disabled = true;
    try {
      const answer = await fetch(button.dataset.optionsUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'x-csrf-token': button.dataset.csrf },
      });
      if (!answer.ok) throw new Error(`options: ${answer.status}`);
      const credential = await navigator.credentials.create({
        publicKey: creationOptions(await answer.json()),
      });
      if (!credential) throw new Error('no credential');
      field.value = JSON.stringify(attestationJson(credential));
      form.submit();
    } catch {
      if (error) error.hidden = false;
      button.disabled = false;
    }
  });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
