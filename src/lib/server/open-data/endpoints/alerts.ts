/** The data events: the list, one event, and the two feeds. */
import { alertSchema, alertsSchema, jsonFeedSchema } from '#lib/shared/schemas/alerts.ts';
import type { EndpointDefinition, Param } from './definition.ts';
import { id, query } from './params.ts';

/** One subscription: every event, or one asset's, class's or network's (an unknown id matches nothing yet). */
const ID = { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]{0,79}$' };
const alertFilters: Param[] = [
  query('asset', "Only this asset's events: its id (e.g. usdc)", ID),
  query('class', "Only this asset class's events: its slug (e.g. stablecoins, u-s-treasuries)", ID),
  query('network', "Only this network's events: its id (e.g. ethereum)", ID),
];

export const ALERTS = {
  path: '/api/alerts',
  tag: 'Alerts',
  description:
    'The newest data events (at most 100), newest first: a stablecoin more than 1% off its peg, a NAV moving more than its class allows in a day, a supply move of more than 10% in a day, a figure held by the circuit breaker, a source gone stale, a new asset. Each is made by the run that publishes, from the published figures only, with its evidence (before and after, the blocks and API calls); a run held whole by its totals makes one hold event with no asset. A figure the breaker refused is never given: a hold gives the published figure, the move as a ratio of it, and where the refused read was made. The same shape is what a webhook receives.',
  summary: 'The newest data events, all or per asset, class or network',
  component: 'Alerts',
  schema: alertsSchema,
  params: alertFilters,
  example: '/api/alerts',
} satisfies EndpointDefinition;

export const ALERT = {
  path: '/api/alerts/{id}',
  tag: 'Alerts',
  description: 'One event with its evidence, as its page /alerts/{id} shows it.',
  summary: 'One data event with its evidence',
  component: 'Alert',
  schema: alertSchema,
  params: [id('alert')],
  example: '/api/alerts/{alert}',
} satisfies EndpointDefinition;

export const ALERTS_ATOM = {
  path: '/api/alerts/feed.atom',
  tag: 'Alerts',
  description:
    "An Atom feed (RFC 4287) of the newest events, each entry linking to the event's page. No account: subscribe in any feed reader.",
  summary: 'Atom feed of the events, all or per asset, class or network',
  component: 'Alerts',
  schema: alertsSchema,
  media: 'application/atom+xml',
  params: alertFilters,
  example: '/api/alerts/feed.atom?class=stablecoins',
} satisfies EndpointDefinition;

export const ALERTS_JSON_FEED = {
  path: '/api/alerts/feed.json',
  tag: 'Alerts',
  description: 'A JSON Feed 1.1 of the newest events; each item carries the event itself under _alert.',
  summary: 'JSON Feed of the events, all or per asset, class or network',
  component: 'JsonFeed',
  schema: jsonFeedSchema,
  media: 'application/feed+json',
  params: alertFilters,
  example: '/api/alerts/feed.json',
} satisfies EndpointDefinition;
