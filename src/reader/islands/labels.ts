/** The words islands show, in the site's locale: the server puts them on <body data-labels> (layout/chrome.ts, islandLabels). */
export interface IslandLabels {
  copy: string;
  copied: string;
  searching: string;
  searchNoResults: string;
  searchFailed: string;
  searchEmpty: string;
  feedbackThanks: string;
  searchResults: string;
  closeMenu: string;
  menu: string;
}

const ENGLISH: IslandLabels = {
  copy: "Copy",
  copied: "Copied",
  searching: "Searching…",
  searchNoResults: "No results for “{query}”.",
  searchFailed: "Search is not available right now.",
  searchEmpty: "Type a few words to search this site.",
  feedbackThanks: "Thank you for your feedback!",
  searchResults: "Search results",
  closeMenu: "Close menu",
  menu: "Menu",
};

export function readLabels(): IslandLabels {
  try {
    return { ...ENGLISH, ...(JSON.parse(document.body.dataset.labels ?? "{}") as Partial<IslandLabels>) };
  } catch {
    return ENGLISH;
  }
}

export function format(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
