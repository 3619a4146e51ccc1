/**
 * zod schemas of the asset-class snapshot files in content/data, checked when the module loads
 * (at build and at server start) instead of trusted with `as`: a malformed edit fails loudly,
 * naming the file and the field, rather than rendering undefined.
 */
import { z } from 'zod';
import type { CommoditiesData, PrivateCreditData, StablecoinsData, TreasuriesData } from '#lib/shared/analytics-types.ts';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const card = z.strictObject({
  title: z.string(),
  value: z.string(),
  change: z.string(),
  changeType: z.enum(['positive', 'negative', 'neutral']),
  icon: z.enum(['chart-line', 'users', 'building', 'coins', 'bar-chart']),
  period: z.string().optional(),
  amount: z.string(),
});
const networks = z.array(z.string());
/** A listed token's columns, the same in the stablecoin and commodity tables: what it is, who runs it, where it lives, its size. */
const listed = { name: z.string(), ticker: z.string(), platform: z.string(), networks, marketCap: z.number() };

export const stablecoinsSchema = z.strictObject({
  asOf: date,
  cards: z.array(card).length(4),
  total: z.number().int(),
  rows: z.array(z.strictObject({ ...listed, price: z.number(), peggedCurrency: z.string() })),
}) satisfies z.ZodType<StablecoinsData>;

export const treasuriesSchema = z.strictObject({
  asOf: date,
  cards: z.array(card),
  topEntities: z.array(
    z.strictObject({
      rank: z.number().int(),
      protocol: z.string(),
      rwaCount: z.number().int(),
      marketCap: z.number(),
      change30d: z.number(),
      marketShare: z.number(),
    }),
  ),
  total: z.number().int(),
  products: z.array(
    z.strictObject({
      name: z.string(),
      issuer: z.string(),
      ticker: z.string(),
      platform: z.string(),
      networks,
      marketCap: z.number(),
      yieldToMaturity: z.number().nullable(),
      eligibleInvestors: z.string(),
    }),
  ),
}) satisfies z.ZodType<TreasuriesData>;

export const privateCreditSchema = z.strictObject({
  asOf: date,
  cards: z.array(card),
  platformsTotal: z.number().int(),
  platforms: z.array(
    z.strictObject({
      protocol: z.string(),
      networks,
      totalLoans: z.number(),
      activeLoans: z.number(),
      avgBaseApy: z.number(),
      defaultedAmount: z.number(),
    }),
  ),
  poolsTotal: z.number().int(),
  pools: z.array(
    z.strictObject({
      platform: z.string(),
      network: z.string(),
      name: z.string(),
      currency: z.string(),
      status: z.string(),
      apy: z.number(),
      principalOutstanding: z.number(),
      defaultedAmount: z.number(),
    }),
  ),
}) satisfies z.ZodType<PrivateCreditData>;

export const commoditiesSchema = z.strictObject({
  asOf: date,
  cards: z.array(card),
  rows: z.array(z.strictObject({ rank: z.number().int(), ...listed, type: z.string(), price: z.number(), change24h: z.number() })),
  platforms: z.array(z.strictObject({ name: z.string(), marketCap: z.number(), assetCount: z.number().int() })),
}) satisfies z.ZodType<CommoditiesData>;

export const networkIconsSchema = z.array(z.object({ name: z.string(), iconUrl: z.string() }));

/** Parses one snapshot file; the error names the file and each bad field. */
export function parseSnapshot<T>(schema: z.ZodType<T>, file: string, data: unknown): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw new Error(`content/data/${file} is not valid: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
}
