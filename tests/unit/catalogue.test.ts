/**
 * A chain family is one declaration and one reader: every declared family is complete and has a
 * reader, every reader a family; and a family made up here, registered through the same
 * registration as the real ones, gets its method text, its receipt and its network icon from the
 * site's own builders with no other file changed.
 */
import { describe, expect, it } from 'vitest';
import { families, familyById, registerFamily } from '#lib/server/catalogue/families.ts';
import { declarationProblems, type FamilyDeclaration } from '#lib/server/catalogue/family.ts';
import { familyReaders, registerReader } from '#lib/server/ingest/sources/index.ts';
import { methodStatements, supplyMethodOf } from '#lib/server/catalogue/methods.ts';
import { familySource } from '#lib/server/ingest/sources/family.ts';
import { configFor } from '#lib/server/config.ts';
import { shiftDay, isoDay } from '#lib/shared/utc-day.ts';
import { apiReceipt } from '#lib/server/open-data/api-receipt.ts';
import { iconFor } from '#lib/server/ingest/derive/networks.ts';
import { normalizeAddress } from '#lib/server/catalogue/registry-forms.ts';
import { postCommand } from '#lib/shared/receipts.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import type { Source, SourceContext } from '#lib/server/ingest/sources/types.ts';

const madeUp: FamilyDeclaration = {
  id: 'madeup',
  name: 'the Made-Up Ledger',
  addressForm: 'must be a made-up token "mu:" + 8 hex digits',
  accountForm: 'must be a made-up account "ma:" + 8 hex digits',
  normalizeAddress: (a) => (/^mu:[0-9a-f]{8}$/i.test(a) ? a.toLowerCase() : null),
  normalizeAccount: (a) => (/^ma:[0-9a-f]{8}$/i.test(a) ? a.toLowerCase() : null),
  method: { supply: 'the made-up ledger’s supply call at the ledger given', holders: 'not counted: unavailable' },
  receipt: {
    by: 'a made-up node',
    askAgain: (o, c) => ({
      command: postCommand(c.endpoint, { method: 'supply', token: o.contract, ledger: o.blockNumber }),
      answers: `the supply at ledger ${o.blockNumber}`,
      ledger: 'ledger',
    }),
  },
  icon: '/icons/networks/madeup.svg',
  readsPastDay: true,
};
const madeUpReader: Source = { name: 'madeup', applies: () => false, run: () => Promise.resolve({}) };

/** A made-up family's reader through the ingest's own shared loop (sources/family.ts): every read answers 12 at ledger 7. */
const loopReader = (family: string) =>
  familySource({
    family,
    open: () =>
      Promise.resolve({
        read: () => Promise.resolve({ supply: '12', holders: null, block: 7, blockTime: null, apiUrl: 'https://node.example/supply' }),
        calls: () => 1,
      }),
  });

/** Runs a reader on a registry of one chain of `family` for a day `daysAgo` closed days back, writing nothing. */
async function readDay(source: Source, family: string, daysAgo: number) {
  const registry = {
    chains: { made: { family, name: 'Made Up', rpcEnv: 'RPC_URL_MADE', publicRpc: [] } },
    assets: [
      {
        symbol: 'MU',
        source: 'evm',
        deployments: [{ chain: 'made', address: 'mu:0000abcd', excludeHolders: [] }],
        price: { kind: 'fixed', usd: '1' },
      },
    ],
  } as unknown as Registry;
  const progress: string[] = [];
  const ctx: SourceContext = {
    db: undefined as never,
    registry,
    date: shiftDay(isoDay(Date.now()), -daysAgo),
    runId: 0,
    env: { RPC_URL_MADE: 'https://node.example' },
    progress: (l) => progress.push(l),
    warn: (w) => progress.push(w),
    dryRun: true,
  };
  await source.run(ctx);
  return progress.join('\n');
}

describe('the chain families', () => {
  it('are each declared whole, with a reader named by the id; every reader has a family', () => {
    for (const f of families()) expect(declarationProblems(f), f.id).toEqual([]);
    expect([...familyReaders().keys()].sort()).toEqual(
      families()
        .map((f) => f.id)
        .sort(),
    );
  });

  it('refuse a declaration that leaves something out, and a reader of no family', () => {
    const { icon: _icon, ...noIcon } = { ...madeUp, id: 'noicon' };
    expect(() => registerFamily(noIcon as FamilyDeclaration)).toThrow('Chain family "noicon": no icon');
    expect(familyById('noicon')).toBeUndefined();
    expect(() => registerReader('nofamily', { ...madeUpReader, name: 'nofamily' })).toThrow(/no chain family declares/);
  });

  it('a made-up family, registered as the real ones are, gets its method text, receipt and icon', () => {
    registerFamily(madeUp);
    registerReader('madeup', madeUpReader);
    expect(familyReaders().get('madeup')).toBe(madeUpReader);
    // The registry's check of its addresses.
    expect(normalizeAddress('madeup', 'mu:0000ABCD')).toBe('mu:0000abcd');
    expect(normalizeAddress('madeup', '0x0000000000000000000000000000000000000001')).toBeNull();
    // The statement of method of a deployment on its chain.
    const registry = { chains: { made: { family: 'madeup', name: 'Made Up' } }, assets: [] } as unknown as Registry;
    expect(supplyMethodOf(registry, { source: 'evm' }, 'made')).toBe(madeUp.method.supply);
    // The receipt of a figure its reader read.
    const receipt = apiReceipt(
      {
        source: 'madeup',
        contract: 'mu:0000abcd',
        supply: '12',
        price: 1,
        value: 12,
        blockNumber: 7,
        blockTime: null,
        apiUrl: 'https://node.example/supply',
        fetchedAt: '2026-01-01T00:00:00Z',
      },
      { family: 'madeup', endpoint: 'https://node.example', excluded: [] },
    );
    expect(receipt).toMatchObject({
      command: postCommand('https://node.example', { method: 'supply', token: 'mu:0000abcd', ledger: 7 }),
      answers: 'the supply at ledger 7',
      ledger: { label: 'ledger', number: 7 },
    });
    expect(receipt!.notKept).toContain('a made-up node');
    // Its sum: the supply exact, as read; dollars by the spec's currency rule, as every page writes them.
    const big = { source: 'madeup', contract: 'mu:0000abcd', supply: '1200000.5', price: 2650.5, value: 3_180_601_325.25 };
    const at = { blockNumber: 7, blockTime: null, apiUrl: 'https://node.example/supply', fetchedAt: '2026-01-01T00:00:00Z' };
    const context = { family: 'madeup', endpoint: 'https://node.example', excluded: [] };
    expect(apiReceipt({ ...big, ...at }, context)!.sum).toBe('supply 1,200,000.5 × $2.65K = $3.18B');
    expect(apiReceipt({ ...big, supply: '', price: null, ...at }, context)!.sum).toBe(
      '$3.18B as the source reports it (no supply or price: a dollar value)',
    );
    // The network's icon, for a chain of it that has none of its own.
    expect(iconFor('Made Up', 'madeup')).toBe('/icons/networks/madeup.svg');
    expect(iconFor('Ethereum', 'evm')).toBe('/icons/networks/ethereum.svg');
  });

  it('whether a family reads a past day is what its declaration says: the reader follows it, /sources says it', async () => {
    registerFamily({ ...madeUp, id: 'madeup-today', name: 'the Today Ledger', readsPastDay: false });
    registerFamily({ ...madeUp, id: 'madeup-archive', name: 'the Archive Ledger', readsPastDay: true });
    const today = loopReader('madeup-today');
    const archive = loopReader('madeup-archive');
    registerReader('madeup-today', today);
    registerReader('madeup-archive', archive);
    // Three days back: the family of current state only records nothing, the archive family reads the day.
    expect(await readDay(today, 'madeup-today', 3)).toContain('gives the current state only, nothing recorded');
    expect(await readDay(archive, 'madeup-archive', 3)).toContain('supply 12 at ledger 7');
    // The day just closed is read by both.
    expect(await readDay(today, 'madeup-today', 1)).toContain('supply 12 at ledger 7');
    const text = methodStatements(configFor({}).ingest, undefined).find((s) => s.id === 'other-chains')!.text;
    expect(text).toContain(`The Today Ledger: ${madeUp.method.supply}.`);
    expect(text).not.toContain('Archive Ledger');
    expect(text).toMatch(/^Solana, Stellar, Aptos, the XRP Ledger and the Today Ledger are read from public APIs/);
  });
});
