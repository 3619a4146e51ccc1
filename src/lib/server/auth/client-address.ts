import { isIP } from 'node:net';

/** '::ffff:127.0.0.1' and '127.0.0.1' are the same client. */
const normalise = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The client's address for throttling. `peer` is the connection's own address; X-Forwarded-For is
 * believed only when the peer is one of the configured proxies (TRUSTED_PROXIES), and then read
 * from the right, skipping our own proxies, so a client cannot choose the address it is counted
 * under by sending the header itself. (Astro's `security.allowedDomains` would trust the header
 * whenever the Host header matches, and the Host header is the client's to choose.)
 */
export function resolveClientAddress(peer: string, forwardedFor: string | null, trustedProxies: readonly string[]): string {
  const from = normalise(peer || 'unknown');
  const trusted = new Set(trustedProxies.map(normalise));
  if (!trusted.has(from) || !forwardedFor) return from;
  const hops = forwardedFor.split(',').map(normalise).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (isIP(hops[i]) === 0) return from;
    if (!trusted.has(hops[i])) return hops[i];
  }
  return hops[0] ?? from;
}
