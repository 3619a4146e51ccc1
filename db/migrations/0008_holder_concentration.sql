CREATE TABLE `holder_concentration` (
	`run_id` integer NOT NULL,
	`date` text NOT NULL,
	`asset_symbol` text NOT NULL,
	`chain` text NOT NULL,
	`block_number` integer,
	`holders` integer NOT NULL,
	`top10_share` real,
	`hhi` real,
	`gini` real,
	PRIMARY KEY(`run_id`, `date`, `asset_symbol`, `chain`)
);
--> statement-breakpoint
CREATE INDEX `holder_concentration_asset` ON `holder_concentration` (`asset_symbol`,`date`);