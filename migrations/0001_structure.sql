CREATE TABLE `collections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`parent_id` text,
	`position` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`default_level` text,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collections_siblings` ON `collections` (`organization_id`,`parent_id`,`position`,`id`);--> statement-breakpoint
CREATE INDEX `collections_created` ON `collections` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `collections_parent` ON `collections` (`parent_id`);--> statement-breakpoint
CREATE TABLE `revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`space_id` text NOT NULL,
	`parents` text NOT NULL,
	`type` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revisions_space` ON `revisions` (`space_id`);--> statement-breakpoint
CREATE TABLE `spaces` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`parent_id` text,
	`position` text NOT NULL,
	`title` text NOT NULL,
	`emoji` text NOT NULL,
	`icon` text,
	`visibility` text NOT NULL,
	`edit_mode` text NOT NULL,
	`merge_rules` text NOT NULL,
	`language` text,
	`default_level` text,
	`revision_id` text NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL,
	`change_requests` integer DEFAULT 0 NOT NULL,
	`change_requests_open` integer DEFAULT 0 NOT NULL,
	`change_requests_draft` integer DEFAULT 0 NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `spaces_siblings` ON `spaces` (`organization_id`,`parent_id`,`position`,`id`);--> statement-breakpoint
CREATE INDEX `spaces_created` ON `spaces` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `spaces_parent` ON `spaces` (`parent_id`,`position`,`id`);--> statement-breakpoint
CREATE INDEX `spaces_deleted` ON `spaces` (`deleted_at`);--> statement-breakpoint
CREATE TABLE `saml_providers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`label` text NOT NULL,
	`sso_url` text NOT NULL,
	`entity_id` text NOT NULL,
	`certificate` text NOT NULL,
	`default_team_id` text,
	`default_role` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`default_team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `saml_providers_org` ON `saml_providers` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `saml_providers_default_team` ON `saml_providers` (`default_team_id`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`team_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`added_at` text NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `team_members_user` ON `team_members` (`organization_id`,`user_id`,`role`);--> statement-breakpoint
CREATE INDEX `team_members_list` ON `team_members` (`team_id`,`added_at`,`user_id`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`title` text NOT NULL,
	`members` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `teams_org` ON `teams` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `organization_members` ADD `teams` integer DEFAULT 0 NOT NULL;