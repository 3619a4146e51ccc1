import { z } from 'zod';
import { MAX_TRANSFER_LIMIT, TRANSFER_PERIODS } from '#lib/shared/transfers.ts';

/** An optional query parameter holding a number: absent or empty means "not given". */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : Number(v)), schema.optional());

/** GET /api/transfers query: days 7, 30 or 90; optional minUsd <= amount < maxUsd; limit 1-MAX_TRANSFER_LIMIT. */
export const transfersQuerySchema = z
  .object({
    days: z.preprocess(
      (v) => (v === null || v === undefined || v === '' ? undefined : Number(v)),
      z.union(
        TRANSFER_PERIODS.map((p) => z.literal(p)),
        { error: 'days must be 7, 30 or 90' },
      ),
    ),
    minUsd: optionalNumber(z.number({ error: 'minUsd must be a number' }).min(0, 'minUsd must be 0 or more')),
    maxUsd: optionalNumber(z.number({ error: 'maxUsd must be a number' }).positive('maxUsd must be above 0')),
    limit: optionalNumber(
      z
        .number({ error: 'limit must be a number' })
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(MAX_TRANSFER_LIMIT, `limit must be at most ${MAX_TRANSFER_LIMIT}`),
    ),
  })
  .refine((q) => q.minUsd === undefined || q.maxUsd === undefined || q.minUsd < q.maxUsd, {
    message: 'minUsd must be below maxUsd',
    path: ['maxUsd'],
  });
