/* global document, window, fromBase64url, toBase64url */
// Passkey sign-in and passkey second factor on the identity pages (served as /auth/v1/static/passkey.js).
// The page holds a hidden button with data-options-url and a form with a hidden `credential` field: the
// script fetches the request options, asks the browser for an assertion, and submits the form with the
// assertion as JSON. Only DOM properties are set (no markup from strings), as Trusted Types require.

function requestOptions(options) {
  return {
    challenge: fromBase64url(options.challenge),
    timeout: options.timeout,
    rpId: options.rpId,
    userVerification: options.userVerification,
    allowCredentials: (options.allowCredentials || []).map((credential) => ({
      type: credential.type,
      id: fromBase64url(credential.id),
      transports: credential.transports,
    })),
  };
}

function assertionJson(credential) {
  const response = credential.response;
  const json = {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      clientDataJSON: toBase64url(response.clientDataJSON),
      authenticatorData: toBase64url(response.authenticatorData),
      signature: toBase64url(response.signature),
    },
    clientExtensionResults: credential.getClientExtensionResults(),
  };
  if (response.userHandle) json.response.userHandle = toBase64url(response.userHandle);
  if (credential.authenticatorAttachment) json.authenticatorAttachment = credential.authenticatorAttachment;
  return json;
}

function start() {
  const button = document.getElementById('passkey-button');
  const form = document.getElementById('passkey-form');
  const field = document.getElementById('passkey-credential');
  const error = document.getElementById('passkey-error');
  if (!button || !form || !field || !window.PublicKeyCredential || !navigator.credentials) return;
  button.hidden = false;
  button.addEventListener('click', async () => {
    if (error) error.hidden = true;
    button.disabled = true;
    try {
      const answer = await fetch(button.dataset.optionsUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
      if (!answer.ok) throw new Error(`options: ${answer.status}`);
      const credential = await navigator.credentials.get({ publicKey: requestOptions(await answer.json()) });
      if (!credential) throw new Error('no credential');
      field.value = JSON.stringify(assertionJson(credential));
      form.submit();
    } catch {
      if (error) error.hidden = false;
      button.disabled = false;
    }
  });
}

start();
