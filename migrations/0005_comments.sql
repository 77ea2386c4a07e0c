CREATE TABLE `comment_reactions` (
	`target_id` text NOT NULL,
	`comment_id` text NOT NULL,
	`emoji` text NOT NULL,
	`user_id` text NOT NULL,
	`reacted_at` text NOT NULL,
	PRIMARY KEY(`target_id`, `emoji`, `user_id`),
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comment_reactions_comment` ON `comment_reactions` (`comment_id`);--> statement-breakpoint
CREATE TABLE `comment_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`comment_id` text NOT NULL,
	`body` text,
	`posted_by` text NOT NULL,
	`posted_at` text NOT NULL,
	`edited_at` text,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comment_replies_list` ON `comment_replies` (`comment_id`,`posted_at`,`id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`change_request_id` text,
	`revision_id` text NOT NULL,
	`page_id` text,
	`node_id` text,
	`table_cell_record` text,
	`table_cell_definition` text,
	`body` text,
	`posted_by` text NOT NULL,
	`posted_at` text NOT NULL,
	`edited_at` text,
	`status` text NOT NULL,
	`resolved_at` text,
	`resolved_by` text,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`change_request_id`) REFERENCES `change_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comments_list` ON `comments` (`space_id`,`change_request_id`,`posted_at`,`id`);--> statement-breakpoint
CREATE INDEX `comments_status` ON `comments` (`space_id`,`change_request_id`,`status`);--> statement-breakpoint
CREATE INDEX `comments_change_request` ON `comments` (`change_request_id`);