// Which X-Forwarded-For entry is the client (docs/decisions/0009). The address that limits
// and the audit log are keyed on must come from a proxy the service trusts, never from a
// header any client can write.
import { BlockList, isIP, isIPv4 } from 'node:net'
import type { TrustProxy } from '../config.ts'

// Where proxies in front of a service sit: loopback, private, link-local, carrier-grade NAT.
const privateNetworks = new BlockList()
for (const [network, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  privateNetworks.addSubnet(network, bits, 'ipv4')
}
privateNetworks.addAddress('::1', 'ipv6')
privateNetworks.addSubnet('fc00::', 7, 'ipv6')
privateNetworks.addSubnet('fe80::', 10, 'ipv6')

export function isPrivateAddress(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, '')
  return isIPv4(plain)
    ? privateNetworks.check(plain, 'ipv4')
    : privateNetworks.check(address, 'ipv6')
}

/**
 * Fastify's trustProxy for the setting. Fastify refuses a bare hop count (a client that can
 * reach the service directly could then write the hops itself), so a count here trusts that
 * many hops only while each is on a private or loopback address; proxies on public
 * addresses are listed by address instead.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false
  if ('addresses' in setting) return setting.addresses
  const { hops } = setting
  return (address, hop) => hop < hops && isPrivateAddress(address)
}

const namedRanges: Record<string, [string, number][]> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
}

/** Whether the peer a request came from directly is one of the trusted proxies. */
export function trustsPeer(setting: TrustProxy): (address: string | undefined) => boolean {
  if (setting === false) return () => false
  if ('hops' in setting) return (address) => address !== undefined && isPrivateAddress(address)
  const trusted = new BlockList()
  for (const entry of setting.addresses) {
    const ranges = namedRanges[entry] ?? [entry.split('/') as [string, string]]
    for (const [network, bits] of ranges) {
      const type = isIP(network) === 6 ? 'ipv6' : 'ipv4'
      if (bits === undefined) trusted.addAddress(network, type)
      else trusted.addSubnet(network, Number(bits), type)
    }
  }
  return (address) => {
    if (address === undefined) return false
    const plain = address.replace(/^::ffff:/i, '')
    return trusted.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4')
  }
}
