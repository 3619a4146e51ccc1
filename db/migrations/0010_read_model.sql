CREATE TABLE `published_cells` (
	`date` text NOT NULL,
	`asset` text NOT NULL,
	`chain` text NOT NULL,
	`source` text NOT NULL,
	`supply` text NOT NULL,
	`price` real,
	`value` real,
	`holders` integer,
	`asset_holders` integer,
	`state` text NOT NULL,
	`note` text,
	`since` text,
	`age_hours` integer,
	`receipt_run_id` integer NOT NULL,
	`read_date` text NOT NULL,
	`contract` text,
	`block_number` integer,
	`block_time` text,
	`api_url` text,
	`fetched_at` text,
	`market_price` real,
	`others` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`date`, `asset`, `chain`)
);
--> statement-breakpoint
CREATE INDEX `published_cells_asset` ON `published_cells` (`asset`,`date`);--> statement-breakpoint
CREATE TABLE `published_runs` (
	`run_id` integer PRIMARY KEY NOT NULL,
	`as_of` text NOT NULL,
	`published_at` text NOT NULL,
	`method_version` integer NOT NULL,
	`stale_cells` text DEFAULT '[]' NOT NULL,
	`indexing` text DEFAULT '{}' NOT NULL,
	`overview` text NOT NULL,
	`snapshot_comparison` text
);
--> statement-breakpoint
CREATE TABLE `published_totals` (
	`date` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`value` real NOT NULL,
	`rows_sum` real NOT NULL,
	`netted` real DEFAULT 0 NOT NULL,
	`products` integer NOT NULL,
	`holders` integer,
	PRIMARY KEY(`kind`, `key`, `date`)
);
