ALTER TABLE `collections` ADD `inherited_level` text;--> statement-breakpoint
-- Existing collections: the first default level set on an ancestor, innermost first, from the top down.
WITH RECURSIVE levels(id, inherited, own) AS (
  SELECT id, NULL, default_level FROM collections WHERE parent_id IS NULL
  UNION ALL
  SELECT c.id, coalesce(levels.own, levels.inherited), c.default_level FROM collections c JOIN levels ON c.parent_id = levels.id
)
UPDATE collections SET inherited_level = (SELECT inherited FROM levels WHERE levels.id = collections.id);
