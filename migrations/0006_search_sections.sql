CREATE TABLE `search_sections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`space_id` text NOT NULL,
	`page_id` text NOT NULL,
	`position` integer NOT NULL,
	`anchor` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`heading` text NOT NULL,
	`body` text NOT NULL,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `search_sections_page` ON `search_sections` (`space_id`,`page_id`);