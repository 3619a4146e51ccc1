CREATE TABLE `ingest_checkpoints` (
	`chain` text NOT NULL,
	`token` text NOT NULL,
	`last_block` integer NOT NULL,
	`decimals` integer NOT NULL,
	PRIMARY KEY(`chain`, `token`)
);
--> statement-breakpoint
CREATE TABLE `ingest_holders` (
	`chain` text NOT NULL,
	`token` text NOT NULL,
	`holder` text NOT NULL,
	`balance` text NOT NULL,
	`positive` integer NOT NULL,
	PRIMARY KEY(`chain`, `token`, `holder`)
);
--> statement-breakpoint
CREATE INDEX `ingest_holders_positive` ON `ingest_holders` (`chain`,`token`,`positive`);--> statement-breakpoint
CREATE TABLE `ingest_lock` (
	`name` text PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ingest_observations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`date` text NOT NULL,
	`asset_symbol` text NOT NULL,
	`chain` text NOT NULL,
	`source` text NOT NULL,
	`contract` text,
	`supply` text NOT NULL,
	`price` real,
	`value` real,
	`holders` integer,
	`block_number` integer,
	`block_time` text,
	`api_url` text,
	`fetched_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ingest_observations_key` ON `ingest_observations` (`date`,`asset_symbol`,`chain`,`source`);--> statement-breakpoint
CREATE INDEX `ingest_observations_date` ON `ingest_observations` (`date`);--> statement-breakpoint
CREATE TABLE `ingest_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text,
	`status` text NOT NULL,
	`as_of` text NOT NULL,
	`counts` text DEFAULT '{}' NOT NULL,
	`warnings` text DEFAULT '[]' NOT NULL,
	`errors` text DEFAULT '[]' NOT NULL,
	`reason` text,
	`totals` text
);
--> statement-breakpoint
CREATE TABLE `ingest_transfers` (
	`chain` text NOT NULL,
	`tx_hash` text NOT NULL,
	`log_index` integer NOT NULL,
	`token` text NOT NULL,
	`asset_symbol` text NOT NULL,
	`block_number` integer NOT NULL,
	`block_time` text NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`amount` text NOT NULL,
	PRIMARY KEY(`chain`, `tx_hash`, `log_index`)
);
--> statement-breakpoint
CREATE INDEX `ingest_transfers_time` ON `ingest_transfers` (`block_time`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_assets` (
	`symbol` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`asset_class` text NOT NULL,
	`market_cap` real NOT NULL,
	`change_7d` real
);
--> statement-breakpoint
INSERT INTO `__new_assets`("symbol", "name", "asset_class", "market_cap", "change_7d") SELECT "symbol", "name", "asset_class", "market_cap", "change_7d" FROM `assets`;--> statement-breakpoint
DROP TABLE `assets`;--> statement-breakpoint
ALTER TABLE `__new_assets` RENAME TO `assets`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_networks` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`icon_url` text NOT NULL,
	`rwa_count` integer NOT NULL,
	`total_value` real NOT NULL,
	`market_share` real NOT NULL,
	`change_30d` real
);
--> statement-breakpoint
INSERT INTO `__new_networks`("id", "name", "icon_url", "rwa_count", "total_value", "market_share", "change_30d") SELECT "id", "name", "icon_url", "rwa_count", "total_value", "market_share", "change_30d" FROM `networks`;--> statement-breakpoint
DROP TABLE `networks`;--> statement-breakpoint
ALTER TABLE `__new_networks` RENAME TO `networks`;--> statement-breakpoint
ALTER TABLE `transfers` ADD `tx_hash` text;