CREATE TABLE `organization_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text,
	`sso` integer NOT NULL,
	`invited_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organization_invitations_email` ON `organization_invitations` (`email`,`organization_id`);--> statement-breakpoint
CREATE INDEX `organization_invitations_org` ON `organization_invitations` (`organization_id`,`created_at`,`id`);