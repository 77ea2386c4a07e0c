ALTER TABLE `openapi_specs` ADD `queued_at` text;--> statement-breakpoint
CREATE INDEX `openapi_specs_awaiting` ON `openapi_specs` (`queued_at`) WHERE "openapi_specs"."processing_state" <> 'complete';--> statement-breakpoint
-- Specs already awaiting a job count as queued when they were last updated, so a lost job from before this migration is found too.
UPDATE `openapi_specs` SET `queued_at` = `updated_at` WHERE `processing_state` <> 'complete';
