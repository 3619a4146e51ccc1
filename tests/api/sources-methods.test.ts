/**
 * /sources true of the code: the built server's /sources is read, and each statement
 * of method is checked against the code's own constants and rules (the configured bounds, the
 * price bounds, the stale window, the holder dust, the registry's exclusions), and the eight
 * statements the review found untrue are gone.
 */
import { describe, expect, inject, it } from 'vitest';
import { configFor } from '#lib/server/config.ts';
import { methodStatements, sourceMethod } from '#lib/server/catalogue/methods.ts';
import { familyOf, loadRegistry, reserveWallets } from '#lib/server/catalogue/registry.ts';
import { DEFAULT_HOLDER_DUST } from '#lib/server/catalogue/families/evm.ts';
import { allSources } from '#lib/server/ingest/sources/index.ts';
import { MIN_HOLDERS_COMPARED } from '#lib/server/catalogue/rules.ts';
import { STALE_MAX_DAYS } from '#lib/server/catalogue/rules.ts';
import { DEFAULT_FEED_MAX_AGE_HOURS, DEFAULT_NAV_MAX_BUSINESS_DAYS, PRICE_MOVE_FLAG } from '#lib/server/catalogue/rules.ts';
import { EARLY_CLOSE } from '#lib/server/catalogue/rules.ts';
import { CLOSE_RETRY, CLOSE_RETRY_AFTER_MIN, CLOSE_RETRY_MAX } from '#lib/server/catalogue/rules.ts';

const base = inject('baseUrl');

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

describe('/sources states the methods the code follows', () => {
  it('every statement of method is the one generated from the code, and names its constants', async () => {
    const html = await (await fetch(base + '/sources')).text();
    const shown = new Map([...html.matchAll(/<p[^>]*data-method="([^"]+)"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => [m[1], text(m[2])]));
    // The server runs with the defaults (no INGEST_* bound set) and the registry in git.
    const cfg = configFor({}).ingest;
    const registry = loadRegistry();
    const want = methodStatements(cfg, registry);
    expect([...shown.keys()]).toEqual(want.map((m) => m.id));
    for (const m of want) expect(shown.get(m.id), m.id).toBe(text(`${m.title}. ${m.text}`));

    const say = (id: string) => shown.get(id)!;
    // 1. The breaker: per asset and chain (held, the rest publishes); the run only on the totals.
    expect(say('breaker')).toContain(`drop more than ${cfg.maxChange * 100}% or jump more than ${cfg.maxJump}x`);
    expect(say('breaker')).toContain(`from ${MIN_HOLDERS_COMPARED} holders`);
    expect(say('breaker')).toContain('held at its last figure while the rest publishes');
    // 2. Holders: above the dust, not above zero; Stellar's trustlines may hold zero.
    expect(say('holders')).toContain(`default ${DEFAULT_HOLDER_DUST} token`);
    expect(say('holders')).toContain('trustlines, which can hold zero');
    // The headline's sum is named for what it is, with the chains it leaves out; concentration says which chains it covers.
    expect(say('holders')).toContain('it counts holdings (an address holding two tracked assets counts twice');
    expect(say('holders')).toContain('leaves out the holders on Solana, Aptos and the XRP Ledger');
    expect(say('holders')).toContain('measured on EVM chains only');
    // 3. Excluded wallets: counted from the registry, not claimed for every asset.
    const evm = registry.assets
      .filter((a) => a.source === 'evm')
      .flatMap((a) => a.deployments.filter((d) => familyOf(registry, d.chain) === 'evm'));
    expect(say('supply')).toContain(`${evm.filter((d) => d.excludeHolders.length).length} of the ${evm.length} EVM deployments have any`);
    // 4. The close: the head tag, the wait, and the words an early close is recorded with.
    expect(say('close')).toContain(`the chain’s ${cfg.headTag} head`);
    expect(say('close')).toContain(`until ${cfg.closeWait / 60} min after it`);
    expect(say('close')).toContain(EARLY_CLOSE);
    expect(say('close')).toContain(`${CLOSE_RETRY} (${CLOSE_RETRY_AFTER_MIN} min later, at most ${CLOSE_RETRY_MAX} reads of a day)`);
    // 5. Non-EVM supply is read after the close, not "at the same block".
    expect(say('other-chains')).toContain('read when the run starts after the close');
    // Prices by their rhythm, and the stale window.
    expect(say('fresh')).toContain(`default ${DEFAULT_FEED_MAX_AGE_HOURS} h`);
    expect(say('fresh')).toContain(`more than ${DEFAULT_NAV_MAX_BUSINESS_DAYS} U.S. business days`);
    expect(say('fresh')).toContain(`more than ${PRICE_MOVE_FLAG * 100}% in a day`);
    expect(say('stale')).toContain(`at most ${STALE_MAX_DAYS} days`);
    // 8. Escrows: only those the registry has.
    const escrowed = registry.assets.filter((a) => a.bridge?.model === 'lock-and-mint');
    if (escrowed.length === 0) expect(say('counted-once')).toContain('no tracked asset has a lock-and-mint escrow in the registry today');
    else for (const a of escrowed) expect(say('counted-once')).toContain(a.symbol);
    // A fund held by share (OUSG's BUIDL): every total counts the holding fund only beyond it (figures/counted-once.ts).
    for (const a of registry.assets)
      for (const h of a.heldByFunds)
        if ('share' in h) expect(say('counted-once')).toContain(`${h.fund} (${Number((Number(h.share) * 100).toFixed(2))}% ${a.symbol})`);
    expect(say('counted-once')).toContain('counts in every total only at its value beyond that holding');
    // Reserve wallets (who holds whom): each one the registry names is read at the close and netted once where both are added.
    const wallets = registry.assets.flatMap((a) => reserveWallets(a).map((w) => `${w.holder}’s ${a.symbol} on ${w.chain}`));
    expect(wallets.length).toBeGreaterThan(0);
    for (const w of wallets) expect(say('counted-once')).toContain(w);
    expect(say('counted-once')).toContain('a stablecoin’s holding is netted where the stablecoins and the RWA classes are added together');
    // A feed price with a stated factor (KAU: a gram against the ounce feed) names the factor and its unit.
    const scaled = registry.assets.filter((a) => a.price.kind === 'feed' && a.price.scale);
    expect(scaled.length).toBeGreaterThan(0);
    for (const a of scaled)
      if (a.price.kind === 'feed' && a.price.scale)
        expect(say('value')).toContain(`${a.symbol} (${a.price.scale.factor}: ${a.price.scale.unit})`);

    const page = text(html);
    // The old statements are gone.
    expect(page).not.toContain('balance above zero');
    expect(page).not.toContain('read at the same block');
    expect(page).not.toContain('publishes nothing: the previous figures stay and the run below says why. A figure');
    // 6. "From block": printed only for EVM-read deployments, and never blank.
    expect(page).not.toMatch(/from block (undefined|,|$)/);
    for (const a of registry.assets.filter((x) => x.source !== 'evm'))
      for (const d of a.deployments) {
        const row = new RegExp(`<tr[^>]*data-asset="${a.symbol}"[^>]*data-chain="${d.chain}"[^>]*>([\\s\\S]*?)</tr>`).exec(html);
        expect(row, `${a.symbol} on ${d.chain}`).not.toBeNull();
        expect(text(row![1])).not.toMatch(/logs from/);
      }
  });

  it('every source declares its methodology', () => {
    for (const s of allSources())
      expect(sourceMethod(s.name), s.name).toMatchObject({ supply: expect.any(String), holders: expect.any(String) });
  });
});
