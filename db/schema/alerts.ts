import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Alerts: data events made by the run that publishes, from the published figures
 * only, and their webhook deliveries. An event's id is deterministic (kind, asset, network, day),
 * so a second run of the same day inserts nothing new; a delivery is one row per (webhook, event),
 * so an event reaches each webhook once, and the row is the outbox a crashed or second instance
 * picks up again (claimed with a lease, src/lib/server/alerts/deliver.ts).
 */
export const alertEvents = sqliteTable(
  'alert_events',
  {
    /** e.g. `depeg-usdx-2026-11-20`, `hold-gold-ethereum-2026-11-20`: safe in a path. */
    id: text('id').primaryKey(),
    /** depeg | nav-move | supply-move | hold | stale | new-asset */
    kind: text('kind').notNull(),
    /** The UTC day the figures are of (YYYY-MM-DD). */
    day: text('day').notNull(),
    assetSymbol: text('asset_symbol').notNull(),
    assetClass: text('asset_class').notNull(),
    /** The network an event of one chain is about (hold, stale); null for the asset as a whole. */
    chain: text('chain'),
    /** Every network the figures cover (the per-network feed). */
    chains: text('chains', { mode: 'json' }).$type<string[]>().notNull(),
    title: text('title').notNull(),
    /** Before and after, the blocks and sources, the bound crossed (src/lib/server/alerts/types.ts). */
    evidence: text('evidence', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    runId: integer('run_id').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('alert_events_created').on(t.createdAt)],
);

/** A webhook the admin registered in Settings: every event made after it is delivered to it, signed with its secret. */
export const alertWebhooks = sqliteTable('alert_webhooks', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  url: text('url').notNull(),
  /**
   * The HMAC-SHA256 key of the X-Signature header: shown to the admin once, when made. Encrypted
   * (`enc:v1:...`, src/lib/server/alerts/secret-box.ts) when ALERTS_WEBHOOK_KEY is set, else as made.
   */
  secret: text('secret').notNull(),
  /** The secret's last characters, for Settings to name it without showing it. */
  secretHint: text('secret_hint'),
  /** The secret before a rotation, still signed with (a second v1) until previous_secret_until (epoch ms). */
  previousSecret: text('previous_secret'),
  previousSecretUntil: integer('previous_secret_until'),
  /** Why nothing is delivered to it any more (its URL breaks a rule made after it was registered); null while active. */
  disabledReason: text('disabled_reason'),
  createdAt: text('created_at').notNull(),
});

/** One event for one webhook: the outbox row and its delivery log. */
export const alertDeliveries = sqliteTable(
  'alert_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => alertWebhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    /** pending | delivered | failed (gave up after the last attempt) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Epoch ms: not tried before then (the backoff). */
    nextAttemptAt: integer('next_attempt_at').notNull(),
    /** The instance holding the row while it delivers, until lease_until (epoch ms): one sender at a time. */
    leaseOwner: text('lease_owner'),
    leaseUntil: integer('lease_until'),
    /** Every attempt: when, the answer's status or the error, how long it took. */
    log: text('log', { mode: 'json' }).$type<Array<{ at: string; status?: number; error?: string; ms: number }>>().notNull().default([]),
    createdAt: text('created_at').notNull(),
    deliveredAt: text('delivered_at'),
  },
  (t) => [uniqueIndex('alert_deliveries_once').on(t.webhookId, t.eventId), index('alert_deliveries_due').on(t.status, t.nextAttemptAt)],
);
