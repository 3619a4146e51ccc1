/**
 * The registry of tracked assets (content/registry/registry.json, reviewed like code), validated
 * on load. An error names the entry and the field, so a typo in a pull request is caught before a
 * wrong figure reaches the site. `INGEST_REGISTRY=<file>` points the ingest at another registry.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_REGISTRY, registryPath } from './registry-path.ts';
import {
  accountForm,
  addressForm,
  familyIds,
  isFamily,
  isReservedKey,
  normalizeAccount,
  normalizeAddress,
  type ChainFamily,
} from './registry-forms.ts';
import { DEFAULT_HOLDER_DUST } from './families/evm.ts';
import { unnamedTreasuries } from './issuer-wallets.ts';
import { OTHER_CHAINS, OTHER_CHAINS_NAME } from '#lib/shared/other-chains.ts';
import { ASSET_CLASSES } from '#lib/shared/asset-classes.ts';

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
  .transform((a) => a.toLowerCase() as `0x${string}`);
const chainKey = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and dashes')
  .refine((k) => !isReservedKey(k), 'is a reserved name (a property of every JavaScript object), not a chain key');
const usd = z.string().regex(/^\d+(\.\d+)?$/, 'must be a decimal string such as "1.00"');

const isLoopbackHost = (h: string) => h === 'localhost' || h === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(h);
/** A public endpoint: https, or http on this machine only (test registries point at loopback replays). */
const endpointUrl = z.string().refine((v) => {
  if (!URL.canParse(v)) return false;
  const u = new URL(v);
  return !u.username && !u.password && (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname)));
}, 'must be an https:// URL without credentials (http:// only for localhost)');

const chainSchema = z.strictObject({
  /** The EVM chain id (eth_chainId), checked before any read; required for EVM chains, or the chain's own id where it has one (Aptos). */
  chainId: z.number().int().positive().optional(),
  /** Which reader and address form (families.ts); existing EVM registries need not say. */
  family: z
    .string()
    .refine(isFamily, { error: () => `must be a declared chain family (${familyIds()})` })
    .default('evm'),
  name: z.string().min(1),
  rpcEnv: z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'must be an environment variable name such as RPC_URL_ETHEREUM'),
  /** Block explorer origin, for links on /sources. */
  explorer: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  /** The chain's name in the DefiLlama stablecoins API, when it differs from `name`. */
  defillama: z.string().optional(),
  /**
   * Keyless public endpoints, tried in order (a fallback when one fails), each with the public page
   * that lists it: what a fresh install reads without any setup. The chain's rpcEnv
   * variable, when set, replaces them. https only; http on loopback for test registries.
   */
  publicRpc: z
    .array(
      z.strictObject({
        url: endpointUrl,
        source: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }),
        /**
         * What the endpoint will not do, as its operator or `npm run rpc:check` says: rate limits,
         * eth_getLogs refused or capped, how far back it keeps state. Shown beside it on /sources.
         */
        limits: z.string().min(1).max(800).optional(),
      }),
    )
    .max(8)
    .default([]),
});

// --- Chain families (see families.ts) -------------------------------------------------------
/**
 * A deployment's address is checked against its chain's family in familyIssues() (the schema
 * alone does not know the chain). It keeps the EVM type so the EVM reader reads it as before;
 * the other readers take it as the string it is.
 */
const familyAddress = z
  .string()
  .min(1)
  .max(200)
  .transform((a) => a as `0x${string}`);

/** Addresses and excluded wallets in the form of the deployment's chain family. */
function familyIssues(input: unknown): Issue[] {
  const issues: Issue[] = [];
  const r = input as { chains?: unknown; assets?: unknown };
  if (!r || typeof r !== 'object' || !Array.isArray(r.assets)) return issues;
  const chains = r.chains && typeof r.chains === 'object' ? (r.chains as Record<string, { family?: unknown; chainId?: unknown }>) : {};
  for (const [key, c] of Object.entries(chains)) {
    // The schema's record drops "__proto__" without a word and says only "Invalid key" of the others: named here.
    if (isReservedKey(key))
      issues.push({ path: ['chains', key], message: 'is a reserved name (a property of every JavaScript object), not a chain key' });
    if (!c || typeof c !== 'object') continue;
    if ((c.family ?? 'evm') === 'evm' && c.chainId === undefined)
      issues.push({ path: ['chains', key, 'chainId'], message: 'required for an EVM chain' });
  }
  r.assets.forEach((a: { deployments?: unknown } | null, i: number) => {
    if (!a || typeof a !== 'object' || !Array.isArray(a.deployments)) return;
    a.deployments.forEach((d: { chain?: unknown; address?: unknown; excludeHolders?: unknown } | null, j: number) => {
      if (!d || typeof d.chain !== 'string' || !Object.hasOwn(chains, d.chain)) return;
      const family = (chains[d.chain]?.family ?? 'evm') as ChainFamily;
      if (!isFamily(family)) return;
      if (typeof d.address === 'string' && normalizeAddress(family, d.address) === null)
        issues.push({ path: ['assets', i, 'deployments', j, 'address'], message: addressForm(family) });
      if (Array.isArray(d.excludeHolders))
        d.excludeHolders.forEach((h: unknown, k: number) => {
          if (typeof h === 'string' && normalizeAccount(family, h) === null)
            issues.push({ path: ['assets', i, 'deployments', j, 'excludeHolders', k], message: accountForm(family) });
        });
    });
  });
  return issues;
}

/**
 * After validation: addresses in their canonical spelling (hex lowercased), and `chains` without
 * a prototype, so that `registry.chains[key]` is a chain or undefined for every key a caller has.
 */
function normalizeFamilies(r: Registry): Registry {
  const chains = Object.assign(Object.create(null) as Registry['chains'], r.chains);
  for (const a of r.assets)
    for (const d of a.deployments) {
      const family = chains[d.chain].family;
      d.address = normalizeAddress(family, d.address)! as `0x${string}`;
      d.excludeHolders = d.excludeHolders.map((h) => normalizeAccount(family, h)! as `0x${string}`);
    }
  return { ...r, chains };
}

/** The chain family of a registry chain key (evm when the key is unknown). */
export function familyOf(registry: Registry, chain: string): ChainFamily {
  return Object.hasOwn(registry.chains, chain) ? registry.chains[chain].family : 'evm';
}

/** The same registry with only the deployments on chains of the given families (assets left without any are dropped). */
export function withFamilies(registry: Registry, families: readonly ChainFamily[]): Registry {
  const keep = (chain: string) => families.includes(familyOf(registry, chain));
  return {
    ...registry,
    assets: registry.assets
      .map((a) => ({ ...a, deployments: a.deployments.filter((d) => keep(d.chain)) }))
      .filter((a) => a.deployments.length > 0 || a.source !== 'evm'),
  };
}
/**
 * A DefiLlama protocol (https://api.llama.fi/protocol/{slug}). `chains` (DefiLlama's chain names)
 * keeps only those chains: for a protocol that also holds other products on some chains.
 */
const defillamaProtocolSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a DefiLlama protocol slug such as "ondo-global-markets"'),
  chains: z.array(z.string().min(1).max(60)).min(1).optional(),
});

/** A deployment is needed unless the asset is read from DefiLlama's protocol API, which then needs its slug. */
function protocolIssues(input: unknown): Issue[] {
  const issues: Issue[] = [];
  const r = input as { assets?: unknown };
  if (!r || typeof r !== 'object' || !Array.isArray(r.assets)) return issues;
  r.assets.forEach((a: { source?: unknown; deployments?: unknown; defillamaProtocol?: unknown } | null, i: number) => {
    if (!a || typeof a !== 'object') return;
    if (a.source === 'defillama-protocol') {
      if (a.defillamaProtocol === undefined)
        issues.push({ path: ['assets', i, 'defillamaProtocol'], message: 'required when source is "defillama-protocol"' });
    } else if (!Array.isArray(a.deployments) || a.deployments.length === 0)
      issues.push({ path: ['assets', i, 'deployments'], message: 'at least one deployment is required' });
  });
  return issues;
}
// --- end of chain families ------------------------------------------------------------------

/**
 * The price's rhythm (prices.ts): a NAV or a gold price struck on U.S. market days is fresh for
 * this many business days (weekends and NYSE holidays not counted); past it, it is shown stale.
 */
const maxAgeBusinessDays = z.number().int().min(1).max(10).optional();

/**
 * The price contract refuses to answer (its call reverts) once its data is older than its own
 * bound (RedStone's fundamental NAV feeds), rather than answering its last value with its date:
 * `source` is the document that says so. Such a revert values the asset at its last accepted
 * price, shown stale since that price's date, never unknown; with no earlier accepted price it is
 * unknown, with why. Any other price contract that reverts leaves the asset unread.
 */
const revertsWhenStale = z.strictObject({ source: z.string().min(1) }).optional();

/** A feed price's stated factor ("1/31.1034768" or "0.5") as a number; the schema refuses one not above zero. */
export function scaleFactor(factor: string): number {
  const [top, bottom = '1'] = factor.split('/');
  return Number(top) / Number(bottom);
}

const priceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fixed'), usd }),
  /**
   * A Chainlink-style aggregator: latestRoundData() and decimals(). Zero or negative is refused; an
   * answer older than `maxAgeHours` (around-the-clock feeds) or `maxAgeBusinessDays` (market-day
   * feeds) at the day's close (its `updatedAt`) is shown stale.
   */
  z
    .strictObject({
      kind: z.literal('feed'),
      chain: chainKey,
      address,
      maxAgeHours: z
        .number()
        .positive()
        .max(24 * 14)
        .optional(),
      maxAgeBusinessDays,
      revertsWhenStale,
      /**
       * A second feed on the same chain, in dollars per unit of the first feed's currency (a euro
       * NAV times Chainlink's EUR/USD): the price is the product, both answers checked alike.
       */
      quote: address.optional(),
      /** The ISO 4217 code of the first feed's currency when it is not dollars (with quote): pages say the NAV is struck in it. */
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR')
        .optional(),
      /**
       * The token is a stated quantity of the feed's unit (Kinesis KAU, one gram of gold, against
       * Chainlink's XAU/USD per troy ounce): the price is the answer (times the quote) times
       * `factor`, written as the documents state it ("1/31.1034768"), with `unit` saying what it converts.
       */
      scale: z
        .strictObject({
          factor: z
            .string()
            .regex(/^\d+(\.\d+)?(\/\d+(\.\d+)?)?$/, 'must be a decimal or a fraction such as "1/31.1034768"')
            .refine((f) => scaleFactor(f) > 0 && Number.isFinite(scaleFactor(f)), 'must be above zero'),
          unit: z.string().min(1),
        })
        .optional(),
    })
    .refine((p) => p.maxAgeHours === undefined || p.maxAgeBusinessDays === undefined, 'give maxAgeHours or maxAgeBusinessDays, not both'),
  /** A view function without arguments returning a uint256 price with `decimals` decimals. */
  z.strictObject({
    kind: z.literal('call'),
    chain: chainKey,
    address,
    method: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a function name'),
    decimals: z.number().int().min(0).max(36),
    /**
     * A second view function of the same contract whose uint256 the answer is divided by: a NAV
     * stored with its own scaling factor (CMTAT's latestNAV() / NAVScalingFactor(), a manager's
     * rate / BPS_DENOMINATOR()), read at the same block. A divisor of zero refuses the price.
     */
    divisor: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a function name')
      .optional(),
    maxAgeBusinessDays,
    revertsWhenStale,
  }),
  /** An ERC-4626-style vault's NAV: totalAssets() / totalSupply(), both with `decimals` decimals (OpenEden TBILL). */
  z.strictObject({ kind: z.literal('vault'), chain: chainKey, address, decimals: z.number().int().min(0).max(36), maxAgeBusinessDays }),
  /**
   * A Centrifuge share token's NAV: the token's vault(asset) gives the vault, whose pricePerShare()
   * has `decimals` decimals (Anemoy JTRSY).
   */
  z.strictObject({
    kind: z.literal('centrifuge'),
    chain: chainKey,
    address,
    asset: address,
    decimals: z.number().int().min(0).max(36),
    maxAgeBusinessDays,
  }),
  /** No price source checked yet: the supply is recorded, the value is shown as unavailable. */
  z.strictObject({ kind: z.literal('unavailable'), note: z.string().optional() }),
]);

const deploymentSchema = z.strictObject({
  chain: chainKey,
  address: familyAddress,
  /** The deployment's first block (with its source in the entry's reference); absent, the ingest finds it on the chain. */
  startBlock: z.number().int().min(0).optional(),
  excludeHolders: z.array(familyAddress).default([]),
});

/**
 * How the asset moves between chains, so that it is counted once: burn-and-mint needs
 * nothing; lock-and-mint locks the tokens in escrow wallets on the home chain while another chain
 * mints their twin, so the escrows' balances are left out of the home chain's supply.
 */
const bridgeSchema = z.discriminatedUnion('model', [
  z.strictObject({ model: z.literal('burn-and-mint'), note: z.string().optional() }),
  z.strictObject({
    model: z.literal('lock-and-mint'),
    escrows: z.array(z.strictObject({ chain: chainKey, address })).min(1),
    note: z.string().optional(),
  }),
]);

const assetSchema = z.strictObject({
  symbol: z.string().regex(/^[A-Za-z0-9.$-]{1,20}$/, 'must be a ticker such as BUIDL'),
  name: z.string().min(1),
  issuer: z.string().min(1),
  assetClass: z.enum(ASSET_CLASSES),
  /**
   * Where the supply comes from: the chains themselves (default: each deployment read by its
   * family's reader), the DefiLlama stablecoins API, or (no reader) DefiLlama's protocol TVL API.
   */
  source: z.enum(['evm', 'defillama', 'defillama-protocol']).default('evm'),
  defillamaId: z.number().int().positive().optional(),
  /** DefiLlama's protocol for this asset: the long tail where no reader covers it, and a second figure where one does. */
  defillamaProtocol: defillamaProtocolSchema.optional(),
  price: priceSchema,
  /** At least one, except for an asset read only from DefiLlama's protocol API (addresses not checked are left out). */
  deployments: z.array(deploymentSchema).default([]),
  bridge: bridgeSchema.optional(),
  /**
   * Other tracked funds that hold this asset (OUSG's BUIDL). With a wallet (and its source): the
   * run reads the wallet's balance at the close (the holding is measured), and every total nets it
   * once (figures/counted-once.ts); this asset's own supply stays whole. Without one: the share
   * below, an estimate.
   */
  heldByFunds: z
    .array(
      z.union([
        z.strictObject({ fund: z.string().min(1), chain: chainKey, address, source: z.string().min(1) }),
        /**
         * The fund's documents say it holds this asset, but name no wallet: `share` of the fund's
         * value is this asset. Nothing can be read at a block; every total counts the fund only beyond
         * that share (an estimate, said so), and /sources states its size (the fund's value × share).
         */
        z.strictObject({
          fund: z.string().min(1),
          share: z.string().regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a share such as "0.995"'),
          source: z.string().min(1),
        }),
      ]),
    )
    .default([]),
  /**
   * Stablecoins whose reserves hold this asset: counted in this asset's value AND behind the
   * stablecoin's supply. With a wallet (its holder named, and the source): its balance is read at
   * the close, and a total that adds the stablecoins to the RWA classes nets it once. Without one:
   * the share of the stablecoin's value its issuer or a public review states, an estimate, netted
   * the same way and said so.
   */
  heldByStablecoins: z
    .array(
      z.union([
        z.strictObject({ stablecoin: z.string().min(1), holder: z.string().min(1), chain: chainKey, address, source: z.string().min(1) }),
        z.strictObject({
          stablecoin: z.string().min(1),
          share: z.string().regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a share such as "0.9"'),
          source: z.string().min(1),
        }),
      ]),
    )
    .default([]),
  /**
   * "None published", with the source checked: the issuer publishes no treasury or
   * unreleased-supply wallet. Where it does (issuer-wallets.ts), the wallet must be in the
   * deployment's excludeHolders instead, or the registry is refused.
   */
  treasury: z.strictObject({ published: z.literal('none'), source: z.string().min(1) }).optional(),
  /**
   * Deployments on chains no reader covers yet (Sui, Tron, Noble...): listed on /sources as not
   * covered, with DefiLlama's figure for that chain when the asset names a DefiLlama protocol.
   * `chain` is DefiLlama's chain name; `family` the ledger family a reader would need.
   */
  uncovered: z
    .array(z.strictObject({ chain: z.string().min(1).max(60), family: z.string().min(1).max(40), note: z.string().optional() }))
    .default([]),
  /** Balances at or below this many whole tokens do not count as holders. */
  holderDust: usd.default(DEFAULT_HOLDER_DUST),
  /**
   * The issuer's own published figure for the asset (a fund's total net assets, a reserve
   * attestation), dated, with its public source and what it covers: the reconciliation
   * sets it beside the chain's figure. Absent: unknown, no public figure found.
   */
  issuerAum: z
    .strictObject({
      usd,
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day such as "2025-12-31"'),
      source: z.url({ protocol: /^https$/ }),
      note: z.string().min(1).optional(),
    })
    .optional(),
  /** The public source the entry was checked against. */
  reference: z.string().optional(),
});

/**
 * A product of the market the registry does not track, and why (no public address, no NAV on any
 * chain, a ledger mirror): listed on /sources and in /api/coverage beside the deployments no
 * reader covers, so a class's gap is named, not silent.
 */
const uncoveredProductSchema = z.strictObject({
  name: z.string().min(1),
  issuer: z.string().min(1),
  assetClass: z.enum(ASSET_CLASSES),
  note: z.string().min(1),
  source: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }),
});

export const registrySchema = z.strictObject({
  chains: z.record(chainKey, chainSchema),
  assets: z.array(assetSchema),
  uncoveredProducts: z.array(uncoveredProductSchema).default([]),
});

type Issue = { path: PropertyKey[]; message: string };

/**
 * References between entries (a deployment's or price's chain, duplicate symbols), checked on the
 * raw input so that they are reported together with any field errors, not only once those are fixed.
 */
function crossCheck(input: unknown): Issue[] {
  const issues: Issue[] = [];
  const r = input as { chains?: unknown; assets?: unknown };
  if (!r || typeof r !== 'object' || !Array.isArray(r.assets)) return issues;
  const chains = r.chains && typeof r.chains === 'object' ? (r.chains as Record<string, unknown>) : {};
  const symbols = new Set<string>();
  const stablecoins = new Set<string>();
  const laterSymbols = new Set<string>();
  for (const a of r.assets as Array<Record<string, unknown> | null>) {
    if (a && a.assetClass === 'Stablecoins' && typeof a.symbol === 'string') stablecoins.add(a.symbol);
    if (a && typeof a.symbol === 'string') laterSymbols.add(a.symbol);
  }
  r.assets.forEach((a: Record<string, unknown> | null, i: number) => {
    if (!a || typeof a !== 'object') return;
    if (typeof a.symbol === 'string') {
      if (symbols.has(a.symbol)) issues.push({ path: ['assets', i, 'symbol'], message: `duplicate symbol "${a.symbol}"` });
      symbols.add(a.symbol);
    }
    if (a.source === 'defillama' && a.defillamaId === undefined)
      issues.push({ path: ['assets', i, 'defillamaId'], message: 'required when source is "defillama"' });
    if (Array.isArray(a.deployments))
      a.deployments.forEach((d: { chain?: unknown } | null, j: number) => {
        if (d && typeof d.chain === 'string' && !Object.hasOwn(chains, d.chain))
          issues.push({ path: ['assets', i, 'deployments', j, 'chain'], message: `unknown chain "${d.chain}"` });
      });
    const refs: Array<[PropertyKey[], unknown]> = [];
    const bridge = a.bridge as { escrows?: Array<{ chain?: unknown }> } | undefined;
    if (Array.isArray(bridge?.escrows)) bridge.escrows.forEach((e, j) => refs.push([['bridge', 'escrows', j, 'chain'], e?.chain]));
    if (Array.isArray(a.heldByFunds))
      (a.heldByFunds as Array<{ chain?: unknown; fund?: unknown }>).forEach((h, j) => {
        refs.push([['heldByFunds', j, 'chain'], h?.chain]);
        if (typeof h?.fund === 'string' && !laterSymbols.has(h.fund))
          issues.push({ path: ['assets', i, 'heldByFunds', j, 'fund'], message: `"${h.fund}" is not a tracked asset` });
      });
    // A wallet is read on a chain the asset is deployed on, or it could never be measured.
    for (const key of ['heldByFunds', 'heldByStablecoins'] as const)
      if (Array.isArray(a[key]) && Array.isArray(a.deployments))
        (a[key] as Array<{ chain?: unknown; address?: unknown }>).forEach((h, j) => {
          if (typeof h?.address !== 'string' || typeof h.chain !== 'string' || !Object.hasOwn(chains, h.chain)) return;
          if (!(a.deployments as Array<{ chain?: unknown } | null>).some((d) => d?.chain === h.chain))
            issues.push({ path: ['assets', i, key, j, 'chain'], message: `no deployment on "${h.chain}" to read the wallet's balance of` });
        });
    for (const [path, chain] of refs)
      if (typeof chain === 'string' && !Object.hasOwn(chains, chain))
        issues.push({ path: ['assets', i, ...path], message: `unknown chain "${chain}"` });
    const price = a.price as { kind?: unknown; chain?: unknown } | undefined;
    if (price && typeof price.chain === 'string' && !Object.hasOwn(chains, price.chain))
      issues.push({ path: ['assets', i, 'price', 'chain'], message: `unknown chain "${price.chain}"` });
    for (const t of unnamedTreasuries(a, sameAccount))
      issues.push({ path: ['assets', i, 'deployments', t.deployment, 'excludeHolders'], message: t.message });
  });
  r.assets.forEach((a: { heldByStablecoins?: unknown } | null, i: number) => {
    if (!a || !Array.isArray(a.heldByStablecoins)) return;
    (a.heldByStablecoins as Array<{ stablecoin?: unknown; chain?: unknown }>).forEach((h, j) => {
      if (typeof h?.chain === 'string' && !Object.hasOwn(chains, h.chain))
        issues.push({ path: ['assets', i, 'heldByStablecoins', j, 'chain'], message: `unknown chain "${h.chain}"` });
      if (typeof h?.stablecoin === 'string' && !stablecoins.has(h.stablecoin))
        issues.push({
          path: ['assets', i, 'heldByStablecoins', j, 'stablecoin'],
          message: `"${h.stablecoin}" is not a tracked stablecoin`,
        });
    });
  });
  return issues;
}

/** Two accounts of one chain are the same: EVM hex in any case, other families exactly. */
function sameAccount(_chain: string, a: string, b: string): boolean {
  return a === b || (/^0x[0-9a-fA-F]{40}$/.test(a) && a.toLowerCase() === b.toLowerCase());
}

export type Registry = z.infer<typeof registrySchema>;
export type RegistryAsset = Registry['assets'][number];
export type RegistryChain = Registry['chains'][string];
export type Deployment = RegistryAsset['deployments'][number];

/**
 * The wallets whose balances are not circulating supply of `asset` on `chain`: the issuer's
 * (excludeHolders) and the lock-and-mint escrows there. A tracked fund's or stablecoin's reserve
 * wallet is circulating supply (the holder bought it): it is measured (reserveWallets), and the
 * totals net it, never this asset's own supply.
 */
export function excludedWallets(asset: RegistryAsset, chain: string): Set<string> {
  const out = new Set<string>(asset.deployments.filter((d) => d.chain === chain).flatMap((d) => d.excludeHolders));
  if (asset.bridge?.model === 'lock-and-mint') for (const e of asset.bridge.escrows) if (e.chain === chain) out.add(e.address);
  return out;
}

/** A reserve wallet of another tracked product that holds `asset` on a chain: whose it is, and where the registry found it. */
export interface ReserveWallet {
  /** The tracked fund or stablecoin whose reserves it is. */
  holder: string;
  holderKind: 'fund' | 'stablecoin';
  /** The wallet's name where the registry gives one (a stablecoin's allocator), else null. */
  name: string | null;
  chain: string;
  address: string;
  source: string;
}

/** The reserve wallets holding `asset` on `chain` (every chain when none is given): the run reads each one's balance at the close. */
export function reserveWallets(asset: RegistryAsset, chain?: string): ReserveWallet[] {
  const out: ReserveWallet[] = [];
  for (const h of asset.heldByFunds)
    if ('address' in h && (chain === undefined || h.chain === chain))
      out.push({ holder: h.fund, holderKind: 'fund', name: null, chain: h.chain, address: h.address, source: h.source });
  for (const h of asset.heldByStablecoins)
    if ('address' in h && (chain === undefined || h.chain === chain))
      out.push({ holder: h.stablecoin, holderKind: 'stablecoin', name: h.holder, chain: h.chain, address: h.address, source: h.source });
  return out;
}

/**
 * Wallets whose outgoing tokens are issuance, not transfers between holders: the
 * issuer's excluded wallets and the bridge escrows (a release from escrow is a bridge arrival).
 */
export function issuanceWallets(asset: RegistryAsset, chain: string): Set<string> {
  const out = new Set<string>(asset.deployments.filter((d) => d.chain === chain).flatMap((d) => d.excludeHolders));
  if (asset.bridge?.model === 'lock-and-mint') for (const e of asset.bridge.escrows) if (e.chain === chain) out.add(e.address);
  return out;
}

export class RegistryError extends Error {}

/** "assets[2] (OUSG) deployments[0].address: must be ..." — the entry by index and symbol, then the field. */
function describe(input: unknown, issue: Issue): string {
  const path = issue.path;
  let where: string;
  if (path[0] === 'assets' && typeof path[1] === 'number') {
    const entry = (input as { assets?: Array<{ symbol?: unknown }> }).assets?.[path[1]];
    const symbol = typeof entry?.symbol === 'string' ? ` (${entry.symbol})` : '';
    const rest = path
      .slice(2)
      .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
      .join('')
      .replace(/^\./, '');
    where = `assets[${path[1]}]${symbol}${rest ? ' ' + rest : ''}`;
  } else if (path[0] === 'chains' && path[1] !== undefined) {
    where = `chains.${String(path[1])}${path.length > 2 ? '.' + path.slice(2).join('.') : ''}`;
  } else {
    where = path.length ? path.join('.') : '(registry)';
  }
  return `${where}: ${issue.message}`;
}

/** Validates a parsed registry; throws a RegistryError listing every problem. */
export function parseRegistry(input: unknown, origin = 'registry'): Registry {
  const result = registrySchema.safeParse(input);
  const issues: Issue[] = [
    ...(result.success ? [] : result.error.issues),
    ...crossCheck(input),
    ...familyIssues(input),
    ...protocolIssues(input),
  ];
  if (result.success && issues.length === 0) return normalizeFamilies(result.data);
  const lines = issues.map((i) => '  ' + describe(input, i));
  throw new RegistryError(`Invalid ${origin}:\n${lines.join('\n')}`);
}

export { DEFAULT_REGISTRY, registryPath };

/** A chain's name ("Ethereum") from its key ("ethereum"); the key itself when the registry has no such chain. */
export function chainNameIn(registry: Registry | undefined, key: string): string {
  if (key === OTHER_CHAINS) return OTHER_CHAINS_NAME;
  return registry && Object.hasOwn(registry.chains, key) ? registry.chains[key].name : key;
}

export function loadRegistry(file = registryPath()): Registry {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new RegistryError(`Cannot read the registry ${file}: ${(e as Error).message}`);
  }
  return parseRegistry(raw, `registry ${file}`);
}
