// base64url <-> ArrayBuffer for the WebAuthn JSON the server sends and expects. Served in front of
// sign-in-second-step/passkey.js and security-pages/passkey-registration.js (passkey-script.ts prepends
// it), so both browser scripts share one copy without a bundler.

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the script served after this one
function fromBase64url(value) {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '==='.slice((base64.length + 3) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the script served after this one
function toBase64url(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
