import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for server tests: an ES256 key made with node:crypto that answers WebAuthn
 * options as a platform authenticator with user verification would (attestation 'none', a
 * counter that moves on with each use). What the browser adds (clientDataJSON) is written here too,
 * for the origin the test says.
 */
export interface SoftPasskey {
  credentialId: string;
  /** the answer to registration options (navigator.credentials.create) */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin?: string): Record<string, unknown>;
  /** the answer to authentication options (navigator.credentials.get); `over` changes what it says */
  get(options: { challenge: string; rpId?: string }, origin?: string, over?: { counter?: number; userVerified?: boolean; challenge?: string }): Record<string, unknown>;
}

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  // kty EC2, alg ES256, crv P-256, x, y
  return isoCBOR.encode(new Map<number, number | Uint8Array>([
    [1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x ?? '', 'base64url')], [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]));
}

const counterBytes = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export function softPasskey(defaultOrigin = 'http://localhost'): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credential = randomBytes(16);
  let counter = 0;
  let userHandle = '';
  const clientData = (type: string, challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    credentialId: b64url(credential),
    create(options, origin = defaultOrigin) {
      userHandle = options.user.id;
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.length);
      const authData = Buffer.concat([
        sha256(rpId), Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]), counterBytes(counter),
        Buffer.alloc(16), idLength, credential, coseKey(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(new Map<string, string | Map<string, string> | Uint8Array>([['fmt', 'none'], ['attStmt', new Map<string, string>()], ['authData', authData]]));
      return {
        id: b64url(credential), rawId: b64url(credential), type: 'public-key', authenticatorAttachment: 'platform', clientExtensionResults: {},
        response: { clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      };
    },
    get(options, origin = defaultOrigin, over = {}) {
      counter = over.counter ?? counter + 1;
      const rpId = options.rpId ?? new URL(origin).hostname;
      const flags = FLAG_UP | (over.userVerified === false ? 0 : FLAG_UV);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), counterBytes(counter)]);
      const data = clientData('webauthn.get', over.challenge ?? options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credential), rawId: b64url(credential), type: 'public-key', authenticatorAttachment: 'platform', clientExtensionResults: {},
        response: { clientDataJSON: b64url(data), authenticatorData: b64url(authData), signature: b64url(signature), userHandle },
      };
    },
  };
}
