CREATE TABLE `ingest_history` (
	`series` text NOT NULL,
	`key` text NOT NULL,
	`date` text NOT NULL,
	`value` real NOT NULL,
	`api_url` text NOT NULL,
	`fetched_at` text NOT NULL,
	PRIMARY KEY(`series`, `key`, `date`)
);
--> statement-breakpoint
ALTER TABLE `chart_points` ADD `source` text;--> statement-breakpoint
ALTER TABLE `network_series` ADD `source` text;