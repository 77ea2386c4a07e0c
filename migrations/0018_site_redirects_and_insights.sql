CREATE TABLE `site_redirects` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`source` text NOT NULL,
	`wildcard_prefix` text,
	`destination` text NOT NULL,
	`capture_wildcard` integer NOT NULL,
	`draft` integer NOT NULL,
	`permanent` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_redirects_source` ON `site_redirects` (`site_id`,`source`);--> statement-breakpoint
CREATE INDEX `site_redirects_created` ON `site_redirects` (`site_id`,`draft`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `site_redirects_updated` ON `site_redirects` (`site_id`,`draft`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `site_redirects_by_source` ON `site_redirects` (`site_id`,`draft`,`source`,`id`);--> statement-breakpoint
CREATE INDEX `site_redirects_wildcard` ON `site_redirects` (`site_id`,`wildcard_prefix`) WHERE "site_redirects"."wildcard_prefix" IS NOT NULL AND "site_redirects"."draft" = 0;--> statement-breakpoint
CREATE TABLE `site_insight_events` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`occurred_at` text NOT NULL,
	`type` text NOT NULL,
	`visitor_id` text NOT NULL,
	`session_id` text NOT NULL,
	`display_context` text NOT NULL,
	`url` text NOT NULL,
	`site_section_id` text,
	`site_space_id` text,
	`space_id` text,
	`page_id` text,
	`language` text,
	`referrer` text,
	`data` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_insight_events_site_time` ON `site_insight_events` (`site_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `site_insight_events_time` ON `site_insight_events` (`occurred_at`);