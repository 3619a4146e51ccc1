/**
 * Where a webhook may be delivered (a webhook URL is an attack surface: anyone may register one). Only public
 * addresses: the name is resolved here, every address it resolves to must be public, and the
 * connection is made to the address checked (post.ts pins it), so a second resolution cannot
 * swap in an internal one (DNS rebinding). Only ALERTS_WEBHOOK_ALLOW_LOOPBACK, which the tests
 * set, lets loopback through; nothing lets a private, link-local or metadata address through.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Special-purpose ranges (IANA's registries): none of them is a public host on the internet. One
 * list per family: Node's BlockList matches an IPv4 address against IPv6 rules such as ::ffff:0:0/96.
 */
const NOT_PUBLIC = { ipv4: new BlockList(), ipv6: new BlockList() };
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.ipv4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped: refused whatever the IPv4 address (no second policy to get wrong)
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.ipv6.addSubnet(net, prefix, 'ipv6');

const LOOPBACK = { ipv4: new BlockList(), ipv6: new BlockList() };
LOOPBACK.ipv4.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.ipv6.addAddress('::1', 'ipv6');

/** A target refused for what it is (an internal address, a URL breaking the rule): sending again cannot help. */
export class RefusedTarget extends Error {}

/** Why the address is refused, or null when it may be called. */
export function addressProblem(address: string, allowLoopback = false): string | null {
  const family = isIP(address);
  if (!family) return `${address} is not an IP address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowLoopback && LOOPBACK[type].check(address, type)) return null;
  return NOT_PUBLIC[type].check(address, type) ? `${address} is not a public address` : null;
}

/**
 * Names that are never a public host: loopback (`localhost`, `x.localhost`), the special-use and
 * private-use names (mDNS `.local`, `.internal`, `.home.arpa`, the test and documentation names),
 * the common intranet suffixes, and any name of one label (an intranet host such as `metadata`).
 */
const INTERNAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'intranet',
  'lan',
  'home.arpa',
  'localdomain',
  'corp',
  'private',
  'arpa',
  'test',
  'invalid',
  'example',
  'onion',
];

/** The host without IPv6 brackets. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** A loopback host as the tests' setting allows it: 127.0.0.0/8, ::1, localhost and its subdomains. */
const isLoopbackHost = (host: string) =>
  isIP(host) ? addressProblem(host, true) === null && addressProblem(host) !== null : host === 'localhost' || host.endsWith('.localhost');

/**
 * The one rule a webhook URL must keep, at registration and before every delivery (delivery then also
 * checks every address the name resolves to): an https URL (plain http only to loopback, and only under
 * the tests' setting), no credentials, no fragment, the https port or an unprivileged one (a port
 * below 1024 is some other service's: mail, SSH, a database), and a host that can be public.
 * Returns the URL, or throws RefusedTarget with the reason.
 */
export function checkTarget(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedTarget('not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedTarget('only https URLs');
  if (url.username || url.password) throw new RefusedTarget('no credentials in the URL (the signature authenticates us)');
  if (url.hash) throw new RefusedTarget('no fragment');
  // One trailing dot names the same host ('localhost.' is localhost).
  const host = bareHost(url).toLowerCase().replace(/\.$/, '');
  const loopback = allowLoopback && isLoopbackHost(host);
  if (url.protocol === 'http:' && !loopback) throw new RefusedTarget('plain http: is refused, deliveries go over https only');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port < 1024 && port !== 443 && !(loopback && port === 80))
    throw new RefusedTarget(`port ${port} is refused (only 443 or a port from 1024 up)`);
  if (isIP(host)) {
    const problem = addressProblem(host, allowLoopback);
    if (problem) throw new RefusedTarget(problem);
  } else if (!loopback) {
    if (!host.includes('.')) throw new RefusedTarget(`${host} is not a public name (one label)`);
    const suffix = INTERNAL_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
    if (suffix) throw new RefusedTarget(`${host} is not a public name (.${suffix})`);
  }
  return url;
}

/** Why the URL breaks the rule (checkTarget), or null when it keeps it. */
export function targetProblem(raw: string, allowLoopback: boolean): string | null {
  try {
    checkTarget(raw, allowLoopback);
    return null;
  } catch (e) {
    if (e instanceof RefusedTarget) return e.message;
    throw e;
  }
}

export type Resolver = (host: string) => Promise<string[]>;
const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The address to connect to: the host itself when it is an IP, else every address it resolves to
 * must be allowed (one internal answer among public ones refuses it), and the first is used.
 */
export async function resolveTarget(url: URL, allowLoopback: boolean, resolve: Resolver = systemResolver): Promise<string> {
  const host = bareHost(url);
  const addresses = isIP(host)
    ? [host]
    : await resolve(host).catch((e: Error) => {
        // Not a refusal: a name that does not resolve now may tomorrow (the attempt is tried again).
        throw new Error(`cannot resolve ${host}: ${e.message}`);
      });
  if (!addresses.length) throw new Error(`${host} has no address`);
  for (const a of addresses) {
    const problem = addressProblem(a, allowLoopback);
    if (problem) throw new RefusedTarget(isIP(host) ? problem : `${host} resolves to ${problem.replace(/^\S+ is /, `${a}, `)}`);
  }
  return addresses[0];
}
