CREATE TABLE `conversation_cluster_terms` (
	`cluster_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`term` text NOT NULL,
	`weight` real NOT NULL,
	PRIMARY KEY(`cluster_id`, `term`),
	FOREIGN KEY (`cluster_id`) REFERENCES `conversations_issues_clusters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_cluster_terms_term` ON `conversation_cluster_terms` (`organization_id`,`term`);--> statement-breakpoint
CREATE TABLE `conversation_corpora` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`issues` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `conversation_issues` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`text_hash` text NOT NULL,
	`cluster_id` text,
	`vector` text,
	`week` text NOT NULL,
	`source` text NOT NULL,
	`created_at` text NOT NULL,
	`ingested_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cluster_id`) REFERENCES `conversations_issues_clusters`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_issues_conversation` ON `conversation_issues` (`conversation_id`,`ordinal`);--> statement-breakpoint
CREATE INDEX `conversation_issues_list` ON `conversation_issues` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `conversation_issues_cluster` ON `conversation_issues` (`organization_id`,`cluster_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `conversation_terms` (
	`organization_id` text NOT NULL,
	`term` text NOT NULL,
	`issues` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `term`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`source` text NOT NULL,
	`external_id` text NOT NULL,
	`subject` text,
	`parts` text NOT NULL,
	`metadata` text NOT NULL,
	`content_hash` text NOT NULL,
	`revision` integer NOT NULL,
	`processed_revision` integer NOT NULL,
	`created_at` text NOT NULL,
	`ingested_at` text NOT NULL,
	`processed_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_source_external` ON `conversations` (`organization_id`,`source`,`external_id`);--> statement-breakpoint
CREATE INDEX `conversations_list` ON `conversations` (`organization_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `conversations_by_source` ON `conversations` (`organization_id`,`source`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `conversations_issues_clusters` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`label` text NOT NULL,
	`summary` text NOT NULL,
	`icon` text NOT NULL,
	`issues` integer NOT NULL,
	`conversations` integer NOT NULL,
	`sources` text NOT NULL,
	`weeks` text NOT NULL,
	`norm_squared` real NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversations_clusters_updated` ON `conversations_issues_clusters` (`organization_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `conversations_clusters_issues` ON `conversations_issues_clusters` (`organization_id`,`issues`,`id`);--> statement-breakpoint
CREATE INDEX `conversations_clusters_conversations` ON `conversations_issues_clusters` (`organization_id`,`conversations`,`id`);