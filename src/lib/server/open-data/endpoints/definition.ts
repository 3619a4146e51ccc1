/**
 * What an endpoint of the public read API is, said once: its path, its place and words in the
 * documentation, its parameters, and the zod schema of its 200 answer itself. The route serves its
 * definition (serve-endpoint.ts: the answer is typed by that schema, and open to any origin), the
 * OpenAPI document describes it (openapi.ts), and the middleware grants its path's preflight
 * (api-routes.ts): nothing about an endpoint is written a second time elsewhere.
 */
import type { z } from 'zod';

/** A parameter as the OpenAPI document gives it: where it goes, what it is, and its JSON Schema. */
export type Param = { name: string; in: 'query' | 'path'; required?: boolean; description: string; schema: Record<string, unknown> };

/** The document's groups, in the order the docs list them. */
export const TAGS = {
  Market: 'Totals across every tracked asset, and what they cover',
  Assets: 'Tokenized assets: the list, each asset, and its downloads',
  Networks: 'Blockchains: the list, each network, and its downloads',
  Issuers: 'Issuers: the list, each issuer, and its downloads',
  Transfers: 'The largest on-chain transfers',
  'Asset classes': "The asset-class pages' figures (stablecoins, U.S. Treasuries, private credit)",
  Search: 'Find assets, issuers, networks, posts and research by name',
  Corrections: 'Published figures a later run changed, and changes of method',
  Alerts: 'Data events from the published figures, as a list and as Atom and JSON feeds (no account)',
  Compare: 'Up to five products side by side, and their histories on one date row',
  Embeds: "The site's charts for other pages: oEmbed answers with an iframe of /embed/...",
} as const;

export interface EndpointDefinition {
  path: string;
  tag: keyof typeof TAGS;
  summary: string;
  /** What the answer holds and how to ask for it: the operation's description. */
  description: string;
  /** The 200 answer's schema: the route's answer is its output type, the document's component its JSON Schema. */
  schema: z.ZodType;
  /** The name of that component in the document (#/components/schemas/{component}); one name per schema. */
  component: string;
  params: Param[];
  /** Answers ?format=csv with the same rows. */
  csv?: boolean;
  /** A real call, shown on the docs page and made by the contract test. */
  example: string;
  /** The answer's media type when it is not JSON (a feed): its schema is then a string (Atom) or the named one. */
  media?: 'application/atom+xml' | 'application/feed+json';
  /** Error answers beside 400 (and 404 of an {id} path), by status: what each means. */
  errors?: Record<string, string>;
  /** Headers the 200 answer carries beside ETag and Cache-Control, each with what it says. */
  headers?: Record<string, { description: string; schema: { type: 'integer' | 'string' } }>;
}
