CREATE TABLE `corrections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`recorded_at` text NOT NULL,
	`run_id` integer NOT NULL,
	`previous_run_id` integer,
	`date` text NOT NULL,
	`asset_symbol` text DEFAULT '' NOT NULL,
	`chain` text DEFAULT '' NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`figure` text NOT NULL,
	`before` text,
	`after` text,
	`reason` text NOT NULL,
	`method_version` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `corrections_key` ON `corrections` (`run_id`,`date`,`asset_symbol`,`chain`,`source`,`figure`);--> statement-breakpoint
CREATE INDEX `corrections_date` ON `corrections` (`date`);--> statement-breakpoint
CREATE TABLE `ingest_receipts` (
	`run_id` integer NOT NULL,
	`date` text NOT NULL,
	`asset_symbol` text NOT NULL,
	`chain` text NOT NULL,
	`source` text NOT NULL,
	`body` text NOT NULL,
	PRIMARY KEY(`run_id`, `date`, `asset_symbol`, `chain`, `source`)
);
