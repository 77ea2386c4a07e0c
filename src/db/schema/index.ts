export * from "./users";
export * from "./organizations";
export * from "./jobs";
export * from "./content";
export * from "./teams";
export * from "./revisions";
export * from "./change-requests";
export * from "./idempotency";
