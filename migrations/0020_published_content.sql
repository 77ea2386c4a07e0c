CREATE TABLE `site_publishing_auths` (
	`site_id` text PRIMARY KEY NOT NULL,
	`backend` text NOT NULL,
	`private_key` text NOT NULL,
	`fallback_url` text,
	`logout_url` text,
	`generation` integer NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Written by hand: drizzle-kit 0.31 splits an expression index's SQL at its commas.
CREATE INDEX `content_entries_main_slug` ON `content_entries` (`space_id`, json_extract(`data`, '$.slug')) WHERE `kind` = 'page' AND `line` = 'main';