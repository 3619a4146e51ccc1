CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`attempts` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `article_drafts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`article_id` integer NOT NULL,
	`fields` text NOT NULL,
	`author_name` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `article_drafts_item_idx` ON `article_drafts` (`kind`,`article_id`);--> statement-breakpoint
CREATE TABLE `content_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`kind` text NOT NULL,
	`article_id` integer NOT NULL,
	`action` text NOT NULL,
	`path` text NOT NULL,
	`previous_path` text,
	`document` text NOT NULL,
	`message` text NOT NULL,
	`author_name` text NOT NULL,
	`created_at` integer NOT NULL,
	`committed_at` integer,
	`commit_sha` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_revisions_uid_unique` ON `content_revisions` (`uid`);--> statement-breakpoint
CREATE INDEX `content_revisions_item_idx` ON `content_revisions` (`kind`,`article_id`);--> statement-breakpoint
CREATE INDEX `content_revisions_pending_idx` ON `content_revisions` (`committed_at`);--> statement-breakpoint
CREATE TABLE `preview_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`kind` text NOT NULL,
	`article_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `preview_links_token_hash_unique` ON `preview_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `preview_links_item_idx` ON `preview_links` (`kind`,`article_id`);--> statement-breakpoint
DROP TABLE `login_attempts`;--> statement-breakpoint
ALTER TABLE `sessions` ADD `created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `failed_logins` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `blog_posts` DROP COLUMN `seeded`;--> statement-breakpoint
ALTER TABLE `research_articles` DROP COLUMN `seeded`;