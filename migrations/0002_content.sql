CREATE TABLE `content_entries` (
	`space_id` text NOT NULL,
	`line` text NOT NULL,
	`kind` text NOT NULL,
	`entry_id` text NOT NULL,
	`from_ordinal` integer NOT NULL,
	`to_ordinal` integer,
	`deleted` integer DEFAULT false NOT NULL,
	`parent_id` text,
	`position` text,
	`data` text NOT NULL,
	`document_id` text,
	`blob_key` text,
	PRIMARY KEY(`space_id`, `line`, `kind`, `entry_id`, `from_ordinal`),
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `content_entries_current` ON `content_entries` (`space_id`,`line`,`kind`,`parent_id`) WHERE "content_entries"."to_ordinal" IS NULL;--> statement-breakpoint
CREATE INDEX `content_entries_document` ON `content_entries` (`document_id`);--> statement-breakpoint
CREATE INDEX `content_entries_blob` ON `content_entries` (`blob_key`);--> statement-breakpoint
CREATE TABLE `document_links` (
	`document_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`relation` text NOT NULL,
	`target_kind` text NOT NULL,
	`target` text NOT NULL,
	PRIMARY KEY(`document_id`, `ordinal`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `document_links_target` ON `document_links` (`target_kind`,`target`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`markdown` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `change_request_contributors` (
	`change_request_id` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`change_request_id`, `user_id`),
	FOREIGN KEY (`change_request_id`) REFERENCES `change_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `change_request_contributors_user` ON `change_request_contributors` (`user_id`);--> statement-breakpoint
CREATE TABLE `change_request_requested_reviewers` (
	`change_request_id` text NOT NULL,
	`user_id` text NOT NULL,
	`requested_by` text NOT NULL,
	`revision_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`change_request_id`, `user_id`),
	FOREIGN KEY (`change_request_id`) REFERENCES `change_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `change_request_requested_reviewers_user` ON `change_request_requested_reviewers` (`user_id`);--> statement-breakpoint
CREATE INDEX `change_request_requested_reviewers_list` ON `change_request_requested_reviewers` (`change_request_id`,`created_at`,`user_id`);--> statement-breakpoint
CREATE TABLE `change_request_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`change_request_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`status` text NOT NULL,
	`revision_id` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`change_request_id`) REFERENCES `change_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `change_request_reviews_list` ON `change_request_reviews` (`change_request_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `change_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`number` integer NOT NULL,
	`status` text NOT NULL,
	`subject` text NOT NULL,
	`description` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`merged_by` text,
	`merged_at` text,
	`revision_id` text NOT NULL,
	`revision_initial` text NOT NULL,
	`revision_merged_ancestor` text NOT NULL,
	`revision_merged` text,
	`base_ordinal` integer NOT NULL,
	`head_ordinal` integer NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL,
	`cluster` text,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `change_requests_number` ON `change_requests` (`space_id`,`number`);--> statement-breakpoint
CREATE INDEX `change_requests_space` ON `change_requests` (`space_id`,`status`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `change_requests_organization` ON `change_requests` (`organization_id`,`status`,`updated_at`,`id`);--> statement-breakpoint
ALTER TABLE `revisions` ADD `line` text DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE `revisions` ADD `ordinal` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `revisions` ADD `base_ordinal` integer;--> statement-breakpoint
ALTER TABLE `revisions` ADD `merged_from` text;--> statement-breakpoint
CREATE UNIQUE INDEX `revisions_line` ON `revisions` (`space_id`,`line`,`ordinal`);