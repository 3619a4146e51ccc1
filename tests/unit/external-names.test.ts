/** Outside names as data (src/lib/server/ingest/external-names.ts): cleaned, slugged, matched only to known chains. */
import { describe, expect, it } from 'vitest';
import { chainDisplayName, cleanExternalName, externalChains, externalSlug } from '#lib/server/ingest/external-names.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';

const registry = {
  chains: {
    ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' },
    bsc: { chainId: 56, name: 'BNB Smart Chain', defillama: 'BSC', rpcEnv: 'RPC_URL_BSC' },
  },
  assets: [{ symbol: 'BENJI', uncovered: [{ chain: 'Sui', family: 'sui' }] }],
} as unknown as Registry;

describe('cleanExternalName', () => {
  it('strips control, format and bidi characters, NFC-normalises and bounds', () => {
    expect(cleanExternalName('Null\u0000Chain')).toBe('NullChain');
    expect(cleanExternalName('\u001b]8;;https://evil\u0007x\u001b[2J')).toBe(']8;;https://evilx[2J');
    expect(cleanExternalName('\u202eabc\u2066d\u2069\u200f\u200b')).toBe('abcd');
    expect(cleanExternalName('Cafe\u0301  \n chain')).toBe('Café chain');
    expect(Array.from(cleanExternalName('🪙'.repeat(100)))).toHaveLength(64);
  });
});

describe('externalSlug', () => {
  it('is [a-z0-9-], bounded, and never a reserved column', () => {
    expect(externalSlug('Evil/../../admin?x=1#y')).toBe('evil-admin-x-1-y');
    expect(externalSlug('javascript:alert(1)')).toBe('javascript-alert-1');
    expect(externalSlug('L'.repeat(3000))).toBe('l'.repeat(40));
    expect(externalSlug('ｔｒｏｎ')).toBe('tron');
    for (const bad of ['date', 'Date', ' DATE ', '!!!', '', '\u202e']) expect(externalSlug(bad), bad).toBeNull();
  });
});

describe('externalChains', () => {
  const chainOf = externalChains(registry);
  it("maps a registry chain to the registry's own key, by its DefiLlama name or its name", () => {
    expect(chainOf('Ethereum')).toEqual({ key: 'ethereum' });
    expect(chainOf('BSC')).toEqual({ key: 'bsc' });
    expect(chainOf('\u202eEthereum')).toEqual({ key: 'ethereum' });
    expect(chainOf('SUI')).toEqual({ key: 'Sui' });
  });
  it('maps a league network to its slug, named as the league names it', () => {
    expect(chainOf('Tron')).toEqual({ key: 'tron' });
    expect(chainDisplayName(registry, 'tron')).toBe('TRON');
    expect(chainDisplayName(registry, 'bsc')).toBe('BNB Smart Chain');
  });
  it('reports anything else, cleaned, never as a key', () => {
    for (const name of ['date', 'Evil/../../admin?x=1#y', 'javascript:alert(1)', 'Null\u0000Chain', 'constructor', '__proto__'])
      expect(chainOf(name), name).toEqual({ unknown: cleanExternalName(name) });
  });
});
