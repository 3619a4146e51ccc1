ALTER TABLE `alert_webhooks` ADD `secret_hint` text;--> statement-breakpoint
ALTER TABLE `alert_webhooks` ADD `previous_secret` text;--> statement-breakpoint
ALTER TABLE `alert_webhooks` ADD `previous_secret_until` integer;--> statement-breakpoint
ALTER TABLE `alert_webhooks` ADD `disabled_reason` text;