ALTER TABLE `ingest_observations` ADD `members` text;--> statement-breakpoint
ALTER TABLE `published_cells` ADD `members` text;