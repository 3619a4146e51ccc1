/**
 * The MCP endpoint's answers that come before any tool runs (the middleware's and the endpoint's
 * alike): which origins may call it, its CORS, and the JSON-RPC error shape every refusal takes.
 * Pure: no database, no Astro module.
 */
import { isIP } from 'node:net';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';

/** The one address of the MCP endpoint. */
export const MCP_PATH = '/mcp';
export const isMcpPath = (pathname: string) => pathname === MCP_PATH;

/** Private IPv4 ranges, loopback and link-local included (a site only this machine or network reaches). */
const PRIVATE_V4 = [/^127\./, /^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^0\./];

/**
 * True when the site's own origin is one only this machine or its local network reaches: a name
 * under localhost or .local, a loopback, private or link-local address.
 */
export function isLocalOrigin(origin: string): boolean {
  const host = URL.parse(origin)
    ?.hostname.replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (!host) return true;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (isIP(host) === 4) return PRIVATE_V4.some((r) => r.test(host));
  if (isIP(host) === 6)
    return host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:');
  return false;
}

/**
 * Whether a request with this Origin may reach the MCP endpoint of the site at `siteOrigin`. The data
 * is public and the endpoint reads no cookie, so a public site answers a browser page of any origin.
 * A site on this machine or its network (a reader running it locally) answers only its own pages and
 * clients that send no Origin (a desktop assistant): otherwise any web page the reader opens, on its
 * own origin or one whose name it points at this machine (DNS rebinding), could call it.
 */
export function mcpOriginAllowed(origin: string | null, siteOrigin: string): boolean {
  if (origin === null || origin === siteOrigin) return true;
  return !isLocalOrigin(siteOrigin);
}

export const MCP_ORIGIN_REFUSED =
  'Forbidden: this server runs on a local address and answers only its own pages and clients that send no Origin.';

/** Any permitted origin may read the answers; no credentials are ever asked for or allowed. */
export const MCP_CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Mcp-Protocol-Version, Retry-After',
} as const;

/** The methods /mcp answers: POST (a JSON-RPC message) and the preflight; GET and DELETE are a 405 (no session, no stream). */
export const MCP_METHODS = ['POST', 'OPTIONS'] as const;

/** The preflight: the headers an MCP client sends with its POST. */
export const MCP_PREFLIGHT = {
  ...MCP_CORS,
  'Access-Control-Allow-Methods': MCP_METHODS.join(', '),
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Max-Age': '86400',
  Allow: MCP_METHODS.join(', '),
  ...cacheHeaders(CACHE.none),
} as const;

/** JSON-RPC's and the MCP SDK's error codes used by the endpoint's own refusals. */
export const RPC = { parseError: -32700, invalidRequest: -32600, serverError: -32000, requestTimeout: -32001 } as const;

/** A refusal in JSON-RPC's shape (no request id is known before the body is read), never cached, open to any origin. */
export function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...cacheHeaders(CACHE.none), ...MCP_CORS, ...headers },
  });
}
