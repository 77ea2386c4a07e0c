CREATE TABLE `grants` (
	`organization_id` text NOT NULL,
	`content_kind` text NOT NULL,
	`content_id` text NOT NULL,
	`principal_kind` text NOT NULL,
	`principal_id` text NOT NULL,
	`role` text NOT NULL,
	`granted_by` text NOT NULL,
	`granted_at` text NOT NULL,
	PRIMARY KEY(`content_id`, `principal_kind`, `principal_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `grants_listed` ON `grants` (`content_id`,`principal_kind`,`granted_at`,`principal_id`);--> statement-breakpoint
CREATE INDEX `grants_principal` ON `grants` (`organization_id`,`principal_kind`,`principal_id`,`content_kind`);--> statement-breakpoint
ALTER TABLE `collections` ADD `lineage` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- Existing collections: their own id, then their ancestors', innermost first, from the top down.
WITH RECURSIVE lineages(id, lineage) AS (
  SELECT id, json_array(id) FROM collections WHERE parent_id IS NULL
  UNION ALL
  SELECT c.id, '[' || json_quote(c.id) || ',' || substr(lineages.lineage, 2) FROM collections c JOIN lineages ON c.parent_id = lineages.id
)
UPDATE collections SET lineage = (SELECT lineage FROM lineages WHERE lineages.id = collections.id)
WHERE id IN (SELECT id FROM lineages);
