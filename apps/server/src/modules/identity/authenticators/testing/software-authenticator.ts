import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/** Authenticator data flags (WebAuthn §6.1). */
const userPresent = 0x01;
const userVerified = 0x04;
const attestedCredentialData = 0x40;

export interface CeremonyOptions {
  /** The origin the "browser" reports in clientDataJSON; default the authenticator's origin. */
  readonly origin?: string;
  /** Whether the authenticator verified the user (PIN, biometrics); default true. */
  readonly userVerified?: boolean;
  /** Replaces the challenge of the options (to forge or replay one). */
  readonly challenge?: string;
}

/**
 * A WebAuthn authenticator in software, for tests: an ES256 key pair made with node:crypto, 'none'
 * attestation, and the browser's part (clientDataJSON) too, so registration and authentication run
 * through the real @simplewebauthn/server checks.
 */
export class SoftwareAuthenticator {
  readonly credentialId = isoBase64URL.fromBuffer(new Uint8Array(randomBytes(32)));
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  readonly #origin: string;
  counter = 0;

  constructor(origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = privateKey;
    this.#publicKey = publicKey;
    this.#origin = origin;
  }

  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    ceremony: CeremonyOptions = {},
  ): RegistrationResponseJSON {
    const clientDataJSON = this.#clientData(
      'webauthn.create',
      ceremony.challenge ?? options.challenge,
      ceremony,
    );
    const credentialId = isoBase64URL.toBuffer(this.credentialId);
    const jwk = this.#publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.#authenticatorDataHead(options.rp.id ?? '', attestedCredentialData, ceremony),
      Buffer.alloc(16), // AAGUID: none
      credentialIdLength,
      credentialId,
      cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    ceremony: CeremonyOptions = {},
  ): AuthenticationResponseJSON {
    const clientDataJSON = this.#clientData(
      'webauthn.get',
      ceremony.challenge ?? options.challenge,
      ceremony,
    );
    this.counter += 1;
    const authData = this.#authenticatorDataHead(options.rpId ?? '', 0, ceremony);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]),
      this.#privateKey,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authData)),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  #clientData(type: string, challenge: string, ceremony: CeremonyOptions): Uint8Array<ArrayBuffer> {
    const json = JSON.stringify({
      type,
      challenge,
      origin: ceremony.origin ?? this.#origin,
      crossOrigin: false,
    });
    return new Uint8Array(Buffer.from(json, 'utf8'));
  }

  #authenticatorDataHead(rpId: string, extraFlags: number, ceremony: CeremonyOptions): Buffer {
    const flags = userPresent | (ceremony.userVerified === false ? 0 : userVerified) | extraFlags;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), counter]);
  }
}
