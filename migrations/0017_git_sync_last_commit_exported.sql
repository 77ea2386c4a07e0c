ALTER TABLE `git_syncs` ADD `last_commit_exported` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Before, an import read the last operation's direction for this; the operation now changes when a sync is asked for.
UPDATE `git_syncs` SET `last_commit_exported` = (`direction` = 'export' AND `last_commit` IS NOT NULL);
