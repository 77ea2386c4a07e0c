CREATE TABLE `site_adaptive_schemas` (
	`site_id` text PRIMARY KEY NOT NULL,
	`json_schema` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_customizations` (
	`site_id` text PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_section_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`parent_group_id` text,
	`title` text NOT NULL,
	`icon` text,
	`position` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_group_id`) REFERENCES `site_section_groups`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `site_section_groups_siblings` ON `site_section_groups` (`site_id`,`parent_group_id`,`position`,`id`);--> statement-breakpoint
CREATE TABLE `site_sections` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`group_id` text,
	`title` text NOT NULL,
	`path` text NOT NULL,
	`icon` text,
	`description` text,
	`condition` text,
	`is_default` integer NOT NULL,
	`position` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `site_section_groups`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `site_sections_siblings` ON `site_sections` (`site_id`,`group_id`,`position`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `site_sections_path` ON `site_sections` (`site_id`,`path`);--> statement-breakpoint
CREATE UNIQUE INDEX `site_sections_default` ON `site_sections` (`site_id`) WHERE "site_sections"."is_default" = 1;--> statement-breakpoint
CREATE INDEX `site_sections_group` ON `site_sections` (`group_id`);--> statement-breakpoint
CREATE TABLE `site_share_links` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`active` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_share_links_list` ON `site_share_links` (`site_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `site_share_links_key` ON `site_share_links` (`key_hash`);--> statement-breakpoint
CREATE TABLE `site_space_customizations` (
	`site_space_id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`overrides` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`site_space_id`) REFERENCES `site_spaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_space_customizations_site` ON `site_space_customizations` (`site_id`);--> statement-breakpoint
CREATE TABLE `site_spaces` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`section_id` text,
	`space_id` text NOT NULL,
	`path` text NOT NULL,
	`title` text,
	`condition` text,
	`is_default` integer NOT NULL,
	`position` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `site_sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`space_id`) REFERENCES `spaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_spaces_siblings` ON `site_spaces` (`site_id`,`section_id`,`position`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `site_spaces_path_section` ON `site_spaces` (`section_id`,`path`) WHERE "site_spaces"."section_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `site_spaces_path_root` ON `site_spaces` (`site_id`,`path`) WHERE "site_spaces"."section_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `site_spaces_default_section` ON `site_spaces` (`section_id`) WHERE "site_spaces"."is_default" = 1 and "site_spaces"."section_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `site_spaces_default_root` ON `site_spaces` (`site_id`) WHERE "site_spaces"."is_default" = 1 and "site_spaces"."section_id" is null;--> statement-breakpoint
CREATE INDEX `site_spaces_space` ON `site_spaces` (`space_id`,`site_id`);--> statement-breakpoint
CREATE TABLE `sites` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`visibility` text NOT NULL,
	`basename` text,
	`hostname` text,
	`proxy_origin` text,
	`published` integer NOT NULL,
	`adaptive_content` integer NOT NULL,
	`agents_context` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sites_org` ON `sites` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sites_basename` ON `sites` (`organization_id`,`basename`);--> statement-breakpoint
CREATE UNIQUE INDEX `sites_hostname` ON `sites` (`hostname`);