DROP INDEX `ingest_observations_key`;--> statement-breakpoint
DROP INDEX `ingest_observations_date`;--> statement-breakpoint
ALTER TABLE `ingest_observations` ADD `asset_holders` integer;--> statement-breakpoint
ALTER TABLE `ingest_observations` ADD `accepted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ingest_observations` ADD `price_note` text;--> statement-breakpoint
CREATE UNIQUE INDEX `ingest_observations_run_key` ON `ingest_observations` (`run_id`,`date`,`asset_symbol`,`chain`,`source`);--> statement-breakpoint
CREATE INDEX `ingest_observations_date` ON `ingest_observations` (`date`,`accepted`);--> statement-breakpoint
ALTER TABLE `assets` ADD `price_flag` text;--> statement-breakpoint
ALTER TABLE `assets` ADD `stale` text;--> statement-breakpoint
ALTER TABLE `ingest_checkpoints` ADD `last_block_hash` text;--> statement-breakpoint
ALTER TABLE `ingest_runs` ADD `cells` text;--> statement-breakpoint
ALTER TABLE `ingest_transfers` ADD `block_hash` text;--> statement-breakpoint
-- Rows of runs that were published were served: they stay accepted. A held or failed run's rows never are.
UPDATE `ingest_observations` SET `accepted` = 1 WHERE `run_id` IN (SELECT `id` FROM `ingest_runs` WHERE `status` = 'published');
