CREATE TABLE `alert_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`webhook_id` integer NOT NULL,
	`event_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`log` text DEFAULT '[]' NOT NULL,
	`created_at` text NOT NULL,
	`delivered_at` text,
	FOREIGN KEY (`webhook_id`) REFERENCES `alert_webhooks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `alert_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_deliveries_once` ON `alert_deliveries` (`webhook_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `alert_deliveries_due` ON `alert_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `alert_events` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`asset_symbol` text NOT NULL,
	`asset_class` text NOT NULL,
	`chain` text,
	`chains` text NOT NULL,
	`title` text NOT NULL,
	`evidence` text NOT NULL,
	`run_id` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `alert_events_created` ON `alert_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `alert_webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`url` text NOT NULL,
	`secret` text NOT NULL,
	`created_at` text NOT NULL
);
