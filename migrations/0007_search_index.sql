-- The full-text index of `search_sections` (written by hand: drizzle-kit cannot declare virtual
-- tables; see src/db/schema/search.ts). An FTS5 external-content table: the text lives once, in
-- `search_sections`, and the index is kept in step by the triggers below, so inserting or deleting
-- section rows (a merge, a duplicated space, the purge, a cascade from `spaces`) is all it takes.
-- `space_id` is indexed too, so a space's search intersects the query with that one token instead
-- of filtering every match of the deployment; it is weighted 0 in ranking (domain/search/search.ts).
-- unicode61 with remove_diacritics 2 folds case and accents: `cafe` finds `café`.
CREATE VIRTUAL TABLE `search_index` USING fts5(
	space_id, title, description, heading, body,
	content='search_sections', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `search_sections_insert` AFTER INSERT ON `search_sections` BEGIN
	INSERT INTO `search_index` (rowid, space_id, title, description, heading, body)
	VALUES (new.id, new.space_id, new.title, new.description, new.heading, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `search_sections_delete` AFTER DELETE ON `search_sections` BEGIN
	INSERT INTO `search_index` (search_index, rowid, space_id, title, description, heading, body)
	VALUES ('delete', old.id, old.space_id, old.title, old.description, old.heading, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `search_sections_update` AFTER UPDATE ON `search_sections` BEGIN
	INSERT INTO `search_index` (search_index, rowid, space_id, title, description, heading, body)
	VALUES ('delete', old.id, old.space_id, old.title, old.description, old.heading, old.body);
	INSERT INTO `search_index` (rowid, space_id, title, description, heading, body)
	VALUES (new.id, new.space_id, new.title, new.description, new.heading, new.body);
END;
