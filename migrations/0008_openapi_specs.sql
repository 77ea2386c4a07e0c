CREATE TABLE `openapi_spec_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`spec_id` text NOT NULL,
	`generation` integer NOT NULL,
	`content_hash` text NOT NULL,
	`format` text NOT NULL,
	`source_url` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`spec_id`) REFERENCES `openapi_specs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `openapi_spec_versions_spec_generation` ON `openapi_spec_versions` (`spec_id`,`generation`);--> statement-breakpoint
CREATE TABLE `openapi_specs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`slug` text NOT NULL,
	`source_url` text,
	`source_text_hash` text,
	`visibility` text NOT NULL,
	`processing_state` text NOT NULL,
	`generation` integer NOT NULL,
	`processed_generation` integer NOT NULL,
	`last_version_id` text,
	`last_processed_at` text,
	`last_process_error_code` text,
	`last_processed_errors` text,
	`last_processed_error_count` integer NOT NULL,
	`source_etag` text,
	`source_last_modified` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `openapi_specs_organization_slug` ON `openapi_specs` (`organization_id`,`slug`);--> statement-breakpoint
CREATE INDEX `openapi_specs_refresh` ON `openapi_specs` (`last_processed_at`) WHERE "openapi_specs"."source_url" IS NOT NULL;