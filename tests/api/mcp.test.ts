import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ORIGINS } from '#lib/shared/origin.ts';

const base = inject('baseUrl');
const json = (p: string) => fetch(base + p).then((r) => r.json());

const TOOLS = [
  'search',
  'get_asset',
  'get_network',
  'get_issuer',
  'get_asset_class',
  'get_coverage',
  'list_alerts',
  'list_corrections',
  'get_receipt',
];

interface Answer {
  asOf: string;
  origin: string;
  illustrative: string | null;
  publishedRun: number | null;
  source: string;
  links: { page: string; receipt: string; api: string };
  data: unknown;
}

let client: Client;
const connect = async () => {
  const c = new Client({ name: 'mcp-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(base + '/mcp')));
  return c;
};
const call = async (name: string, args: Record<string, unknown> = {}) => {
  const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(res.isError, `${name}: ${JSON.stringify(res.content)}`).toBeFalsy();
  const answer = res.structuredContent as unknown as Answer;
  // The text block is the same answer, for clients that read only text.
  expect(JSON.parse((res.content[0] as { text: string }).text)).toEqual(answer);
  return answer;
};
/** The JSON-RPC error a call ends in (the SDK client throws it as an McpError). */
const protocolError = async (name: string, args: Record<string, unknown>) => {
  const err = await client.callTool({ name, arguments: args }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `${name} ${JSON.stringify(args)}`).toBeInstanceOf(McpError);
  return err as McpError;
};
const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(base + '/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body,
  });
const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

beforeAll(async () => {
  client = await connect();
});
afterAll(() => client?.close());

describe('/mcp with the SDK client', () => {
  it('lists every tool, each read-only with an object input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.annotations?.readOnlyHint, t.name).toBe(true);
      expect(t.description?.length, t.name).toBeGreaterThan(20);
    }
    expect(client.getInstructions()).toMatch(/asOf/);
  });

  it('answers each tool with its citation and the API answer its links name', async () => {
    const [[asset], [network], [issuer]] = await Promise.all([json('/api/assets'), json('/api/networks'), json('/api/issuers')]);
    const calls: [string, Record<string, unknown>][] = [
      ['search', { query: asset.symbol }],
      ['get_asset', { id: asset.id }],
      ['get_network', { id: network.id }],
      ['get_issuer', { id: issuer.id }],
      ['get_asset_class', { class: 'u-s-treasuries' }],
      ['get_coverage', {}],
      ['list_alerts', {}],
      ['list_corrections', {}],
      ['get_receipt', { asset: asset.id }],
    ];
    expect(calls.map((c) => c[0]).sort()).toEqual([...TOOLS].sort());
    const overview = await json('/api/market-overview');
    for (const [name, args] of calls) {
      const a = await call(name, args);
      expect(a.asOf, name).toBe(overview.asOf);
      expect(ORIGINS, name).toContain(a.origin);
      expect(a.source, name).toMatch(/snapshot|ingest run/);
      for (const link of Object.values(a.links)) {
        expect(link, name).toMatch(new RegExp(`^${base}/`));
        // Every link answers: the page, the receipt (or the method page) and the API call.
        expect((await fetch(link)).status, `${name} ${link}`).toBe(200);
      }
      // The class's API call is its class page's answer; every other tool's data is its API call's answer.
      if (name !== 'get_asset_class') expect(a.data, name).toEqual(await (await fetch(a.links.api)).json());
    }
  });

  it('gives the same figures as the API for a search, an asset and a receipt', async () => {
    const assets = await json('/api/assets');
    const id = assets[0].id;
    const search = await call('search', { query: 'ondo' });
    expect(search.data).toEqual(await json('/api/search?q=ondo'));
    expect((search.data as { results: unknown[] }).results.length).toBeGreaterThan(0);
    const asset = (await call('get_asset', { id: id.toUpperCase() })).data as { marketCap: { value: string }; asset: { id: string } };
    const fromApi = await json(`/api/assets/${id}`);
    expect(asset).toEqual(fromApi);
    expect(asset.marketCap.value).toBe(fromApi.marketCap.value);
    const receipt = await call('get_receipt', { asset: id });
    expect(receipt.data).toEqual(await json(`/api/assets/${id}/receipt`));
    expect(receipt.links.receipt).toBe(`${base}/assets/${id}/receipt`);
    const cls = await call('get_asset_class', { class: 'u-s-treasuries' });
    expect((cls.data as { assets: unknown[] }).assets).toEqual(
      await json(`/api/assets?assetClass=${encodeURIComponent('U.S. Treasuries')}`),
    );
  });

  it('answers bad input with a protocol error, an unknown id with a tool error, and stays up', async () => {
    for (const [name, args] of [
      ['search', { query: '   ' }],
      ['search', { query: 'x'.repeat(101) }],
      ['search', {}],
      ['get_asset', { id: '../admin' }],
      ['get_asset', { id: 42 }],
      ['get_asset', { id: 'usdc', extra: 1 }],
      ['get_asset_class', { class: 'tulips' }],
      ['list_alerts', { asset: 'Not An Id!' }],
      ['no_such_tool', {}],
    ] as const) {
      const err = await protocolError(name, args);
      expect(err.code, `${name} ${JSON.stringify(args)}`).toBe(-32602);
    }
    const missing = (await client.callTool({ name: 'get_asset', arguments: { id: 'no-such-asset' } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(missing.content).toEqual([{ type: 'text', text: 'No asset with this id.' }]);

    const garbage = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
    const notRpc = await post('{"hello": "world"}');
    expect(notRpc.status).toBe(400);
    expect((await notRpc.json()).error.code).toBeLessThan(-32000);

    const { tools } = await client.listTools();
    expect(tools).toHaveLength(TOOLS.length);
  });

  it('is never cached and answers only POST (and the preflight)', async () => {
    for (let i = 0; i < 2; i++) {
      const get = await fetch(base + '/mcp', { headers: { Accept: 'application/json, text/event-stream' } });
      expect(get.status).toBe(405);
      expect(get.headers.get('cache-control')).toMatch(/no-store/);
      expect(await get.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
    const res = await post(listTools);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const preflight = await fetch(base + '/mcp', {
      method: 'OPTIONS',
      headers: {
        Origin: base,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-protocol-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Mcp-Protocol-Version/);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('on a server at a loopback address, refuses pages of other origins (DNS rebinding) and answers its own', async () => {
    for (const origin of ['http://evil.example', 'null', base.replace('127.0.0.1', 'localhost')]) {
      const res = await post(listTools, { Origin: origin });
      expect(res.status, origin).toBe(403);
      expect(await res.json(), origin).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    }
    const own = await post(listTools, { Origin: base, Cookie: 'rwa_session=whatever' });
    expect(own.status).toBe(200);
    expect(own.headers.get('set-cookie')).toBeNull();
    expect((await own.json()).result.tools).toHaveLength(TOOLS.length);
  });
});
