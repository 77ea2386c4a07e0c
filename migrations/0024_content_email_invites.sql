DROP INDEX `organization_invitations_email`;--> statement-breakpoint
ALTER TABLE `organization_invitations` ADD `content_kind` text;--> statement-breakpoint
ALTER TABLE `organization_invitations` ADD `content_id` text;--> statement-breakpoint
ALTER TABLE `organization_invitations` ADD `content_role` text;--> statement-breakpoint
CREATE UNIQUE INDEX `organization_invitations_email_content` ON `organization_invitations` (`email`,`content_id`) WHERE "organization_invitations"."content_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `organization_invitations_content` ON `organization_invitations` (`content_id`) WHERE "organization_invitations"."content_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `organization_invitations_email` ON `organization_invitations` (`email`,`organization_id`) WHERE "organization_invitations"."content_id" IS NULL;