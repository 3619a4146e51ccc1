import { describe, expect, it } from 'vitest';
import { isLocalOrigin, mcpOriginAllowed } from '#lib/server/http/mcp-edge.ts';
import { rateLimiter, TimedOut, withDeadline } from '#lib/server/mcp/limits.ts';

describe('the MCP origin rule', () => {
  it('knows a site only this machine or its network reaches', () => {
    for (const o of [
      'http://localhost:4321',
      'http://app.localhost',
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://[::1]:3000',
      'http://10.0.0.5',
      'http://192.168.1.10',
      'http://172.20.0.1',
      'http://169.254.1.1',
      'http://[fd00::1]',
      'http://[fe80::1]',
      'http://printer.local',
    ])
      expect(isLocalOrigin(o), o).toBe(true);
    for (const o of [
      'https://rwa.example',
      'http://172.32.0.1',
      'http://8.8.8.8',
      'https://[2001:db8::1]',
      'https://localhost.example.com',
    ])
      expect(isLocalOrigin(o), o).toBe(false);
  });

  it('lets a public site answer any origin, and a local one only its own and clients that send none', () => {
    expect(mcpOriginAllowed('https://elsewhere.example', 'https://rwa.example')).toBe(true);
    expect(mcpOriginAllowed(null, 'http://127.0.0.1:4321')).toBe(true);
    expect(mcpOriginAllowed('http://127.0.0.1:4321', 'http://127.0.0.1:4321')).toBe(true);
    for (const o of ['http://evil.example', 'null', 'http://localhost:4321', 'http://127.0.0.1:4322'])
      expect(mcpOriginAllowed(o, 'http://127.0.0.1:4321'), o).toBe(false);
  });
});

describe('the MCP rate limit', () => {
  it('counts each key in its own fixed window', () => {
    const limit = rateLimiter(2, 10_000);
    expect(limit.take('a', 0).ok).toBe(true);
    expect(limit.take('a', 1).ok).toBe(true);
    expect(limit.take('a', 2)).toEqual({ ok: false, retryAfterS: 10 });
    expect(limit.take('b', 3).ok).toBe(true);
    expect(limit.take('a', 9_500)).toEqual({ ok: false, retryAfterS: 1 });
    expect(limit.take('a', 10_000).ok).toBe(true);
  });

  it('keeps at most 10,000 keys, dropping the oldest windows first', () => {
    const limit = rateLimiter(1, 60_000);
    for (let i = 0; i < 10_050; i++) limit.take(`k${i}`, i);
    // The newest keys are still counted; the first ones were dropped and start afresh.
    expect(limit.take('k10049', 20_000).ok).toBe(false);
    expect(limit.take('k0', 20_000).ok).toBe(true);
  });

  it('gives up on work that outlasts its deadline', async () => {
    await expect(withDeadline(new Promise(() => {}), 20)).rejects.toBeInstanceOf(TimedOut);
    await expect(withDeadline(Promise.resolve(7), 1000)).resolves.toBe(7);
  });
});
