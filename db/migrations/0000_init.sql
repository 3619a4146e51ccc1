CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_key_at_idx` ON `login_attempts` (`key`,`at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`content` text NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`featured_image` text,
	`meta_title` text,
	`meta_description` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`seo_keywords` text DEFAULT '[]' NOT NULL,
	`canonical_url` text,
	`social_image` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer,
	`seeded` integer DEFAULT false NOT NULL,
	`author_id` text DEFAULT 'default-author' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_idx` ON `blog_posts` (`published`,`published_at`);--> statement-breakpoint
CREATE TABLE `research_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`content` text NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`featured_image` text,
	`meta_title` text,
	`meta_description` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`seo_keywords` text DEFAULT '[]' NOT NULL,
	`canonical_url` text,
	`social_image` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer,
	`seeded` integer DEFAULT false NOT NULL,
	`author` text NOT NULL,
	`category` text DEFAULT 'Research' NOT NULL,
	`reading_time` text DEFAULT '' NOT NULL,
	`featured` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `research_articles_slug_unique` ON `research_articles` (`slug`);--> statement-breakpoint
CREATE INDEX `research_published_idx` ON `research_articles` (`published`,`featured`,`published_at`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`data` blob NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `assets` (
	`symbol` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`asset_class` text NOT NULL,
	`market_cap` real NOT NULL,
	`change_7d` real NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chart_points` (
	`date` text PRIMARY KEY NOT NULL,
	`private_credit` real NOT NULL,
	`us_treasury_debt` real NOT NULL,
	`commodities` real NOT NULL,
	`institutional_funds` real NOT NULL,
	`stocks` real NOT NULL,
	`government_debt` real NOT NULL,
	`managed_strategies` real NOT NULL,
	`corporate_bonds` real NOT NULL,
	`stablecoins` real NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dataset_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `network_series` (
	`metric` text NOT NULL,
	`date` text NOT NULL,
	`network` text NOT NULL,
	`value` real NOT NULL,
	`month_end` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`metric`, `date`, `network`)
);
--> statement-breakpoint
CREATE INDEX `network_series_monthly_idx` ON `network_series` (`metric`,`month_end`,`date`,`network`,`value`);--> statement-breakpoint
CREATE TABLE `networks` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`icon_url` text NOT NULL,
	`rwa_count` integer NOT NULL,
	`total_value` real NOT NULL,
	`market_share` real NOT NULL,
	`change_30d` real NOT NULL
);
--> statement-breakpoint
CREATE TABLE `transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`asset_symbol` text NOT NULL,
	`usd_amount` real NOT NULL,
	`date` text NOT NULL,
	`network` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `transfers_amount_date_idx` ON `transfers` (`usd_amount`,`date`);