/**
 * Explorer links: one rule, in one place (open-data/shared.ts). A link is made only for a chain the
 * registry has (never a name every object answers, such as "constructor") and a plain id, so a
 * Stellar "CODE:ISSUER" or a crafted address cannot put a path or a query into the explorer's URL.
 * A page with its own copy of the rule (/sources had one, without either check) fails the last test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explorerLink } from '#lib/server/open-data/shared.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';

const registry = { chains: { ethereum: { explorer: 'https://etherscan.io/' } }, assets: [] } as unknown as Registry;

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true }))
    if (e.isDirectory()) yield* files(join(dir, e.name));
    else if (/\.(ts|tsx|astro)$/.test(e.name)) yield join(dir, e.name);
}

describe('explorerLink', () => {
  it('links a plain id on a known chain', () => {
    expect(explorerLink(registry, 'ethereum', 'token', '0xAbC1')).toBe('https://etherscan.io/token/0xAbC1');
  });

  it('makes no link for an id that is not plain, or a chain the registry does not have', () => {
    expect(explorerLink(registry, 'ethereum', 'token', 'USDC:GA5Z/../x?y')).toBeUndefined();
    expect(explorerLink(registry, 'constructor', 'block', '1')).toBeUndefined();
    expect(explorerLink(registry, 'solana', 'block', '1')).toBeUndefined();
  });

  it("is the only place that reads a registry chain's explorer", () => {
    const builders = [...files('src')].filter((f) => /\??\.explorer\b/.test(readFileSync(f, 'utf8')));
    expect(builders).toEqual([join('src', 'lib', 'server', 'open-data', 'shared.ts')]);
  });
});
