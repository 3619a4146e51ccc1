/**
 * The alerts' public shapes: an event as /api/alerts, the JSON Feed's `_alert` and the
 * webhooks give it, and the JSON Feed 1.1 document. The OpenAPI document is generated from these.
 */
import { z } from 'zod';

/** Every kind of event (src/lib/server/alerts/detect.ts makes them). */
export const ALERT_KINDS = ['depeg', 'nav-move', 'supply-move', 'hold', 'stale', 'new-asset'] as const;

const day = z.string().describe('A UTC day, YYYY-MM-DD');

const read = z.object({
  day,
  chain: z.string().describe('The network key'),
  source: z.string().describe('The reader that made the figure (evm, defillama, ...)'),
  contract: z.string().nullable(),
  blockNumber: z.number().int().nullable().describe('The block the figure was read at, or null for an API figure'),
  blockTime: z.string().nullable(),
  apiUrl: z.string().nullable().describe('The API call the figure came from, or null for a chain read'),
  fetchedAt: z.string().nullable(),
  supply: z.string().nullable().describe('Whole tokens, as a decimal string'),
  price: z.number().nullable().describe('Dollars per token'),
  value: z.number().nullable().describe('Dollars'),
  marketPrice: z
    .number()
    .nullable()
    .optional()
    .describe(
      "The market price the source reported beside the valuation (DefiLlama's stablecoin price), dollars per token; a depeg is measured on it",
    ),
  withheld: z
    .boolean()
    .optional()
    .describe('A read the circuit breaker refused: where it was read is given, its figures are withheld (null) and never shown'),
});

const figure = z.object({ day, value: z.number() });

export const alertSchema = z
  .object({
    id: z.string().describe('Deterministic from kind, asset, network (when about one) and day: a second run makes no new event'),
    kind: z.enum(ALERT_KINDS),
    kindLabel: z.string(),
    day,
    title: z.string(),
    asset: z
      .object({ symbol: z.string(), class: z.string() })
      .nullable()
      .describe('The asset the event is about; null for an event about the whole run (a run held by its totals)'),
    network: z.string().nullable().describe('The network an event of one chain is about (hold, stale); null for the whole asset'),
    networks: z.array(z.string()),
    url: z.string().describe("The event's page, with its evidence"),
    evidence: z.object({
      measure: z.enum(['price', 'supply', 'value']),
      unit: z.enum(['usd', 'tokens']),
      before: figure.nullable(),
      after: figure.nullable(),
      change: z.number().nullable().describe('after / before - 1; for a depeg, the distance from $1 as a fraction'),
      rule: z.string(),
      reads: z.array(read),
      note: z.string().optional(),
    }),
    createdAt: z.string().describe('When the run that found it stored it (ISO 8601)'),
  })
  .describe('A data event with its evidence');

export const alertsSchema = z.array(alertSchema);

export const jsonFeedSchema = z
  .object({
    version: z.literal('https://jsonfeed.org/version/1.1'),
    title: z.string(),
    home_page_url: z.string(),
    feed_url: z.string(),
    description: z.string(),
    language: z.string(),
    authors: z.array(z.object({ name: z.string() })),
    items: z.array(
      z.object({
        id: z.string(),
        url: z.string(),
        title: z.string(),
        content_text: z.string(),
        date_published: z.string(),
        tags: z.array(z.string()),
        _alert: alertSchema,
      }),
    ),
  })
  .describe('JSON Feed 1.1 (https://jsonfeed.org/version/1.1)');
