CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status` integer,
	`response_body` text,
	`response_headers` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_at` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
DROP INDEX `api_tokens_user`;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `label` text;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `hint` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `api_tokens_user` ON `api_tokens` (`user_id`,`created_at`,`id`);