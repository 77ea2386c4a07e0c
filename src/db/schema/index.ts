export * from "./users";
export * from "./organizations";
export * from "./jobs";
