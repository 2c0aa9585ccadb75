import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for server tests: a P-256 key in node:crypto, answering
 * registration (attestation `none`) and authentication the way a browser's
 * authenticator does (clientDataJSON, authenticator data, ECDSA signature).
 */
const b64u = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | Buffer) => crypto.createHash('sha256').update(b).digest();

export class SoftAuthenticator {
  readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly id = crypto.randomBytes(16);
  counter = 0;

  constructor(
    readonly rpID: string,
    readonly origin: string,
  ) {}

  private authData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(Buffer.from(this.rpID)), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** A RegistrationResponseJSON for `options.challenge`. */
  register(challenge: string) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLen, this.id, Buffer.from(isoCBOR.encode(cose))]);
    // UP | UV | AT
    const authData = this.authData(0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return {
      id: b64u(this.id),
      rawId: b64u(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', challenge)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** An AuthenticationResponseJSON for a challenge, its counter moved on by `step` (0: a cloned key's replay). */
  authenticate(challenge: string, step = 1) {
    this.counter += step;
    const authData = this.authData(0x05);
    const clientDataJSON = this.clientData('webauthn.get', challenge);
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: b64u(this.id),
      rawId: b64u(this.id),
      type: 'public-key',
      response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authData), signature: b64u(signature) },
      clientExtensionResults: {},
    };
  }
}
