/**
 * /mcp: the Model Context Protocol over Streamable HTTP, stateless, answering in JSON (no session, no
 * event stream), so any server process or function instance answers any request. Each POST gets its
 * own protocol server and transport (the SDK's web-standard one: a Request in, a Response out), and
 * passes, in this order, the rate limit of its client address, the body's size cap and the time
 * limit; every refusal is a JSON-RPC error. The middleware has already applied the origin rule
 * (src/lib/server/http/mcp-edge.ts).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { config } from '#lib/server/config.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';
import { resolveClientAddress } from '#lib/server/auth/client-address.ts';
import { addressBucket } from '#lib/server/auth/rate-limit.ts';
import { readLimited } from '#lib/server/http/handle.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { MCP_CORS, MCP_METHODS, MCP_PREFLIGHT, RPC, rpcError } from '#lib/server/http/mcp-edge.ts';
import { SITE } from '#lib/shared/site.ts';
import { rateLimiter, TimedOut, withDeadline, type RateLimiter } from './limits.ts';
import { NotFound, TOOLS, type Tool } from './tools.ts';

const INSTRUCTIONS = `${SITE.name}: public figures of tokenized real-world assets, read from public blockchains. Every answer carries citation.asOf (the UTC day the figures close), citation.origin (live: a published ingest run; snapshot: dated public figures, with illustrative detail around them), citation.source and links to the page, the receipt and the API call that give the same figures. Money is a decimal string in dollars; an unknown figure is null, never 0. Find ids with search.`;

/** tools/list's entries, made once: the input schemas as JSON Schema (what a client sends). */
let listed:
  | { name: string; title: string; description: string; inputSchema: Record<string, unknown>; annotations: Record<string, unknown> }[]
  | undefined;
function toolList() {
  listed ??= TOOLS.map((t) => {
    const { $schema: _drop, ...inputSchema } = z.toJSONSchema(t.input, { io: 'input', unrepresentable: 'any' });
    void _drop;
    return {
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema,
      // Nothing is written, and the same question gives the same answer until the next publish.
      annotations: { title: t.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    };
  });
  return listed;
}

const byName = new Map<string, Tool>(TOOLS.map((t) => [t.name, t]));

/**
 * The protocol server of one request. The SDK's low-level Server, not McpServer: McpServer answers
 * invalid arguments and unknown tools as a tool result, where this endpoint answers them with the
 * protocol's Invalid params error, as it answers bad input everywhere else.
 */
function protocolServer(): Server {
  const server = new Server(
    { name: 'rwa-analytics', title: SITE.name, version: '1.0.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const t = byName.get(request.params.name);
    if (!t) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. tools/list names them.`);
    const parsed = t.input.safeParse(request.params.arguments ?? {});
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; ');
      throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for ${t.name}: ${problems}`);
    }
    try {
      const answer = await t.run(parsed.data as never);
      const structured = { ...answer.citation, data: answer.data };
      return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
    } catch (err) {
      if (err instanceof NotFound) return { content: [{ type: 'text', text: err.message }], isError: true };
      // The protocol would send the error's own message (a database's, say): it is logged, never shown.
      console.error(err);
      throw new McpError(ErrorCode.InternalError, 'Something went wrong on our side. Please try again.');
    }
  });
  return server;
}

let limiter: { key: string; limiter: RateLimiter } | undefined;
function rateOf(limit: number, windowMs: number): RateLimiter {
  const key = `${limit}/${windowMs}`;
  if (limiter?.key !== key) limiter = { key, limiter: rateLimiter(limit, windowMs) };
  return limiter.limiter;
}

/** The transport's answer, open to any permitted origin and never stored by any cache. */
const shaped = (res: Response) => {
  for (const [k, v] of Object.entries({ ...MCP_CORS, ...cacheHeaders(CACHE.none) })) res.headers.set(k, v);
  return res;
};

/** Answers one request to /mcp. `peer` is the connection's address (Astro's clientAddress). */
export async function answerMcp(request: Request, peer: string): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: MCP_PREFLIGHT });
  if (request.method !== 'POST') {
    return rpcError(405, RPC.serverError, 'Method not allowed: this server is stateless; send each JSON-RPC message as a POST.', {
      Allow: MCP_METHODS.join(', '),
    });
  }
  const limits = config().mcp;
  const address = resolveClientAddress(peer, request.headers.get('x-forwarded-for'), config().trustedProxies);
  const taken = rateOf(limits.rateLimit, limits.rateWindowMs).take(addressBucket(address));
  if (!taken.ok) {
    return rpcError(
      429,
      RPC.serverError,
      `Too many requests from your address: at most ${limits.rateLimit} per ${limits.rateWindowMs / 1000} s. Retry after ${taken.retryAfterS} s.`,
      {
        'Retry-After': String(taken.retryAfterS),
      },
    );
  }
  const started = Date.now();
  const left = () => limits.timeoutMs - (Date.now() - started);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  const tooLarge = () => rpcError(413, RPC.serverError, `The request body is larger than ${limits.maxBodyBytes} bytes.`);
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) {
    await request.body?.cancel().catch(() => {});
    return tooLarge();
  }
  let transport: WebStandardStreamableHTTPServerTransport | undefined;
  let server: Server | undefined;
  try {
    const bytes = await withDeadline(readLimited(request, limits.maxBodyBytes), left());
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return rpcError(400, RPC.parseError, 'Parse error: the body is not JSON.');
    }
    transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    server = protocolServer();
    await server.connect(transport);
    return shaped(await withDeadline(transport.handleRequest(request, { parsedBody: body }), left()));
  } catch (err) {
    if (err instanceof TimedOut) {
      await request.body?.cancel().catch(() => {});
      return rpcError(408, RPC.requestTimeout, `Request timed out: each request has ${limits.timeoutMs} ms, its body's arrival included.`);
    }
    if (err instanceof HttpError && err.status === 413) return tooLarge();
    console.error(err);
    return rpcError(500, -32603, 'Internal error: something went wrong on our side. Please try again.');
  } finally {
    void transport?.close().catch(() => {});
    void server?.close().catch(() => {});
  }
}
