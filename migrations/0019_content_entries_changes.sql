DROP INDEX `content_entries_document`;--> statement-breakpoint
CREATE INDEX `content_entries_opened` ON `content_entries` (`space_id`,`line`,`from_ordinal`) WHERE "content_entries"."from_ordinal" >= 0;--> statement-breakpoint
CREATE INDEX `content_entries_closed` ON `content_entries` (`space_id`,`line`,`to_ordinal`) WHERE "content_entries"."to_ordinal" >= 0;--> statement-breakpoint
CREATE INDEX `content_entries_document` ON `content_entries` (`document_id`,`space_id`);