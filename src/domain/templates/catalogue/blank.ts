import type { CatalogueTemplate } from "./types";

/** One empty page to start writing on. */
export const blank: CatalogueTemplate = {
  id: "blank",
  title: "Blank",
  subtitle: "One empty page: start from scratch.",
  emoji: "1f4c4",
  features: ["One page"],
  references: [],
  pages: [{ markdown: "# Untitled\n" }],
};
