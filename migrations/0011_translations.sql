CREATE TABLE `translation_pages` (
	`translation_id` text NOT NULL,
	`page_id` text NOT NULL,
	`source_hash` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`document_id` text,
	PRIMARY KEY(`translation_id`, `page_id`),
	FOREIGN KEY (`translation_id`) REFERENCES `translations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `translations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`source_space_id` text NOT NULL,
	`source_language` text NOT NULL,
	`language` text NOT NULL,
	`instructions` text NOT NULL,
	`status` text NOT NULL,
	`run_generation` integer NOT NULL,
	`processed_generation` integer NOT NULL,
	`result_space_id` text,
	`result_revision_id` text,
	`stats` text NOT NULL,
	`last_run_error` text,
	`last_run_at` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `translations_organization_created` ON `translations` (`organization_id`,`created_at`,`id`);