import dns from 'node:dns';
import net from 'node:net';

/**
 * Where the server may send a push (no SSRF through a push token): an
 * endpoint is https: on the default port, on a host under one of the push
 * services' suffixes (PUSH_ALLOW_HOSTS), never a raw IP or credentials, and
 * at send time every address its name resolves to must be public unicast
 * (no loopback, private, link-local, unique-local, CGNAT, multicast,
 * IPv4-mapped or other special range). The sender connects to the address
 * checked here (pinned), so a second DNS answer cannot swap it.
 *
 * PUSH_ALLOW_INSECURE_LOOPBACK (tests only) admits http(s)://127.0.0.1,
 * [::1] or localhost on any port, resolving to loopback only.
 */
export interface EndpointPolicy {
  allowHosts: readonly string[];
  allowInsecureLoopback: boolean;
  /** The resolver (dns.lookup with all addresses); tests stub it. */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
}

interface PinnedEndpoint {
  url: URL;
  address: string;
  family: 4 | 6;
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', '[::1]', 'localhost']);

function hostAllowed(host: string, allow: readonly string[]): boolean {
  return allow.some((a) => (a.startsWith('*.') ? host.endsWith(a.slice(1)) : host === a || host.endsWith(`.${a}`)));
}

function isLoopbackEndpoint(url: URL, policy: EndpointPolicy): boolean {
  return policy.allowInsecureLoopback && LOOPBACK_NAMES.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:');
}

/** The endpoint as a URL if its form is allowed (subscribe time), else why not. */
export function checkEndpoint(endpoint: string, policy: EndpointPolicy): URL | string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'is not a URL';
  }
  if (url.username || url.password) return 'carries credentials';
  if (isLoopbackEndpoint(url, policy)) return url;
  if (url.protocol !== 'https:') return 'is not https';
  if (url.port !== '') return 'is not on the default port';
  const host = url.hostname.toLowerCase();
  if (net.isIP(host.replace(/^\[|\]$/g, ''))) return 'is a raw IP address';
  if (!hostAllowed(host, policy.allowHosts)) return 'is not a known push service';
  return url;
}

const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4');
// IPv6: only global unicast (2000::/3) passes, less these special blocks.
const global6 = new net.BlockList();
global6.addSubnet('2000::', 3, 'ipv6');
for (const [net6, bits] of [
  ['2001::', 32], // Teredo (embeds an IPv4 address)
  ['2001:2::', 48], // benchmarking
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
] as const)
  blocked.addSubnet(net6, bits, 'ipv6');

/** True for a public unicast address a push service may have. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    // IPv4-mapped (::ffff:a.b.c.d) and every other non-global form are refused here.
    if (/^::ffff:/i.test(address) || !global6.check(address, 'ipv6')) return false;
    return !blocked.check(address, 'ipv6');
  }
  return false;
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || (net.isIPv4(address) && address.startsWith('127.'));
}

const systemLookup = (host: string) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * Send time: the form checked again, the name resolved, every address
 * checked; the first one is what the sender connects to.
 */
export async function resolveEndpoint(endpoint: string, policy: EndpointPolicy): Promise<PinnedEndpoint | string> {
  const url = checkEndpoint(endpoint, policy);
  if (typeof url === 'string') return url;
  const loopback = isLoopbackEndpoint(url, policy);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addrs: { address: string; family: number }[];
  try {
    addrs = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await (policy.lookup ?? systemLookup)(host);
  } catch {
    return 'does not resolve';
  }
  if (!addrs.length) return 'does not resolve';
  for (const a of addrs) {
    if (loopback ? !isLoopbackAddress(a.address) : !isPublicAddress(a.address)) return `resolves to a refused address (${a.address})`;
  }
  const first = addrs[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
