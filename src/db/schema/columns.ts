import { integer, text } from "drizzle-orm/sqlite-core";

/** ISO 8601 timestamps are stored as text: they sort correctly and need no conversion on output. */
export const timestamp = (name: string) => text(name);

/** SQLite has no boolean: 0/1 integers, typed as boolean by Drizzle. */
export const flag = (name: string) => integer(name, { mode: "boolean" });

/** JSON documents stored as text, typed on the TypeScript side. */
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
