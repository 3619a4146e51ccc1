ALTER TABLE `ingest_checkpoints` ADD `history_from` integer;--> statement-breakpoint
ALTER TABLE `ingest_checkpoints` ADD `history_next` integer;--> statement-breakpoint
ALTER TABLE `ingest_checkpoints` ADD `history_end` integer;