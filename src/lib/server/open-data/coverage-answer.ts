/**
 * /api/coverage's answer as a zod schema: what /sources reads (coverage-data.ts's schema), with its
 * money as decimal strings, as coverageForApi (api-money.ts) writes it.
 */
import { z } from 'zod';
import { money, holdingAnswerSchema } from '#lib/shared/schemas/responses.ts';
import { coverageSchema } from '#lib/server/figures/coverage-data.ts';

const C = coverageSchema.shape;
/** The object with the named fields as money (nullable where they were). */
type MoneyShape<S extends z.ZodRawShape, K extends keyof S> = {
  [P in K]: S[P] extends z.ZodNullable ? z.ZodNullable<typeof money> : typeof money;
};
const moneyIn = <T extends z.ZodObject, K extends keyof T['shape'] & string>(schema: T, keys: K[]) =>
  schema.extend(
    Object.fromEntries(keys.map((k) => [k, schema.shape[k] instanceof z.ZodNullable ? money.nullable() : money])) as MoneyShape<
      T['shape'],
      K
    >,
  );

export const coverageAnswerSchema = coverageSchema.extend({
  classes: z.array(
    moneyIn(C.classes.element, ['trackedValue']).extend({
      reference: moneyIn(C.classes.element.shape.reference.unwrap(), ['value']).nullable(),
      leads: z.array(moneyIn(C.classes.element.shape.leads.element, ['value'])),
    }),
  ),
  overall: moneyIn(C.overall, ['trackedValue']).extend({
    reference: moneyIn(C.overall.shape.reference.unwrap(), ['value']).nullable(),
    leads: z.array(moneyIn(C.overall.shape.leads.element, ['value'])),
  }),
  gaps: z.array(moneyIn(C.gaps.element, ['chainValue', 'defillamaValue'])),
  doubleCounts: z.array(moneyIn(C.doubleCounts.element, ['value'])),
  overlap: moneyIn(
    C.overlap.extend({
      holdings: z.array(moneyIn(C.overlap.shape.holdings.element, ['value'])),
      estimate: moneyIn(C.overlap.shape.estimate, ['value']),
    }),
    ['measuredValue'],
  ),
  holdings: z.array(holdingAnswerSchema),
  combined: z.object({ rowsSum: money, netted: money, value: money }).nullable(),
  notCovered: z.array(moneyIn(C.notCovered.element, ['defillamaValue'])),
});
