// TRUST_PROXY: which proxies in front of the service may name the client's address.
import { isIP } from 'node:net'
import { ConfigError } from './errors.ts'

export type TrustProxy = false | { hops: number } | { addresses: string[] }

// proxy-addr's names for address ranges, accepted beside addresses and CIDRs.
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrRange(value: string): boolean {
  if (rangeNames.has(value)) return true
  const [address = '', bits, ...rest] = value.split('/')
  const version = isIP(address)
  if (!version || rest.length > 0) return false
  if (bits === undefined) return true
  const max = version === 4 ? 32 : 128
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max
}

/**
 * TRUST_PROXY: unset/false/0 = no proxy; a number = that many proxies in front, each on a
 * private or loopback address; otherwise a comma-separated list of the proxies' addresses or
 * CIDRs. `true` is refused: it would let any client choose its address with X-Forwarded-For.
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false
  if (value === 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: `true` would let any client pick its address with X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses',
    )
  }
  if (/^\d+$/.test(value)) return { hops: Number(value) }
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  const wrong = addresses.find((a) => !isAddressOrRange(a))
  if (wrong !== undefined || addresses.length === 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: ${JSON.stringify(wrong ?? value)} is not a hop count, an address or a CIDR`,
    )
  }
  return { addresses }
}
