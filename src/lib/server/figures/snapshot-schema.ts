/**
 * zod schemas of the snapshot files in content/data, checked when the module loads
 * (at build and at server start) instead of trusted with `as`: a malformed edit fails loudly,
 * naming the file and the field, rather than rendering undefined.
 */
import { z } from 'zod';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const networks = z.array(z.string());
/** What a snapshot figure is: a dated public figure with its source, or an estimate with how it was made. */
const figure = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('public'), date: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/), source: z.string().min(1) }),
  z.strictObject({ kind: z.literal('estimate'), note: z.string().min(1) }),
]);

/**
 * content/data/products.json: one row per product, the one source of each product's snapshot
 * figures. A product the registry lists takes its symbol spelling, name, class and issuer from the
 * registry (one name per product); any other product names them here.
 */
export const productsSchema = z.strictObject({
  asOf: date,
  products: z.array(
    z.strictObject({
      symbol: z.string().min(1),
      name: z.string().optional(),
      assetClass: z.string().optional(),
      issuer: z.string().optional(),
      /** The distribution platform where it differs from the issuer (the treasury products' Platform column). */
      platform: z.string().optional(),
      /** The chains it lived on at the as-of date. */
      networks,
      marketCap: z.number().nonnegative(),
      figure,
      price: z.number().optional(),
      peggedCurrency: z.string().optional(),
      eligibleInvestors: z.string().optional(),
      type: z.string().optional(),
      change24h: z.number().optional(),
      /** Synthetic detail (content/data/SOURCES.md): served as illustrative, never beside a live run. */
      change7d: z.number().optional(),
    }),
  ),
});
export type ProductsFile = z.infer<typeof productsSchema>;
export type SnapshotFigure = z.infer<typeof figure>;

/**
 * content/data/private-credit.json: the loan book (platforms and pools). A pool that is a tracked
 * product names it, and its principal is the product's figure in products.json (not a second copy).
 */
export const loanBookSchema = z.strictObject({
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
  pools: z.array(
    z.union([
      z.strictObject({
        product: z.string(),
        platform: z.string(),
        network: z.string(),
        currency: z.string(),
        status: z.string(),
        apy: z.number(),
        defaultedAmount: z.number(),
      }),
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
    ]),
  ),
});

export const networkIconsSchema = z.array(z.object({ name: z.string(), iconUrl: z.string() }));

/** Parses one snapshot file; the error names the file and each bad field. */
export function parseSnapshot<T>(schema: z.ZodType<T>, file: string, data: unknown): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw new Error(`content/data/${file} is not valid: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
}
