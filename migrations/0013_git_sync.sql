CREATE TABLE `git_sync_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`direction` text NOT NULL,
	`state` text NOT NULL,
	`request` text NOT NULL,
	`credentials` text,
	`requested_by` text NOT NULL,
	`created_at` text NOT NULL,
	`started_at` text,
	`ended_at` text,
	`error` text,
	`commit` text,
	`revision_id` text,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `git_sync_jobs_space` ON `git_sync_jobs` (`space_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `git_syncs` (
	`space_id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`ref` text NOT NULL,
	`provider` text NOT NULL,
	`tree_url` text,
	`last_commit` text,
	`last_timestamp` text,
	`updated_at` text NOT NULL,
	`job_id` text NOT NULL,
	`direction` text NOT NULL,
	`state` text NOT NULL,
	`started_at` text NOT NULL,
	`ended_at` text,
	`error` text,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `revisions` ADD `git` text;