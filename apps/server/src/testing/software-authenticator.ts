// A software authenticator for API tests (issue 23): an ES256 key pair of node:crypto that
// answers the service's WebAuthn options as a browser with a platform authenticator would
// (attestation 'none', user present and verified), and lets a test bend any part of the
// answer the way an attacker could: another origin or RP id, a counter going back, no UV.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes))
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

export interface CeremonyTweaks {
  /** The origin the "browser" writes into the client data. */
  origin?: string
  /** The RP id whose hash goes into the authenticator data. */
  rpId?: string
  /** The sign counter to report (by default one more than the last). */
  counter?: number
  /** Clear the user-verified flag. */
  isUnverified?: boolean
  /** Answer this challenge instead of the one in the options. */
  challenge?: string
}

interface Options {
  challenge: string
  rp?: { id?: string }
  rpId?: string
  user?: { id: string }
}

export class SoftwareAuthenticator {
  readonly credentialId = b64url(randomBytes(16))
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject
  private counter = 0
  /** The user handle the service gave at registration (sent back in assertions). */
  userHandle: string | undefined

  constructor(readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = pair.privateKey
    this.publicKey = pair.publicKey
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' })
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    )
  }

  private authenticatorData(
    rpId: string,
    counter: number,
    tweaks: CeremonyTweaks,
    attested?: Uint8Array,
  ) {
    const flags = 0x01 | (tweaks.isUnverified ? 0 : 0x04) | (attested ? 0x40 : 0)
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ])
  }

  /** The client data the browser would sign: the options' challenge and this origin unless tweaked. */
  private clientData(type: string, options: Options, tweaks: CeremonyTweaks): Buffer {
    const challenge = tweaks.challenge ?? options.challenge
    const origin = tweaks.origin ?? this.origin
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** The credential as the browser hands it to the page, around the ceremony's response. */
  private credential<R>(response: R) {
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** Answers registration options (navigator.credentials.create). */
  register(options: Options, tweaks: CeremonyTweaks = {}) {
    const rpId = tweaks.rpId ?? options.rp?.id ?? ''
    this.userHandle = options.user?.id
    const id = isoBase64URL.toBuffer(this.credentialId)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, this.coseKey()])
    this.counter = tweaks.counter ?? 0
    const authData = this.authenticatorData(rpId, this.counter, tweaks, attested)
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array<ArrayBuffer>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(authData)],
      ]),
    )
    const clientDataJSON = this.clientData('webauthn.create', options, tweaks)
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    })
  }

  /** Answers authentication options (navigator.credentials.get). */
  assert(options: Options, tweaks: CeremonyTweaks = {}) {
    const rpId = tweaks.rpId ?? options.rpId ?? ''
    this.counter = tweaks.counter ?? this.counter + 1
    const authData = this.authenticatorData(rpId, this.counter, tweaks)
    const clientDataJSON = this.clientData('webauthn.get', options, tweaks)
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    )
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    })
  }
}
