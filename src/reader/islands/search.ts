import { highlightSegments } from "../highlight";
import { format, type IslandLabels } from "./labels";

/** What `site.searchApiHref` answers (model.ts, ReaderSearchResponse), as far as the dialog reads it. */
interface SearchResponse {
  results: Array<{ title: string; href: string; terms: string[]; sections: Array<{ title: string; href: string; text: string }> }>;
}

/**
 * The search dialog: opened by Ctrl/Cmd+K, "/", or typing in (or clicking) the header's search
 * field; asks the site's JSON search as the reader types (debounced, the previous request
 * aborted) and lists results grouped by page with the matched terms marked. Keyboard: arrows move
 * through the results (a combobox with aria-activedescendant), Enter opens the active one (or,
 * with none active, submits to the /search page), Escape closes.
 */
export function setupSearch(labels: IslandLabels): void {
  const dialog = document.querySelector<HTMLDialogElement>("#reader-search");
  const input = dialog?.querySelector<HTMLInputElement>("input[name=q]");
  const list = dialog?.querySelector<HTMLElement>("#reader-search-results");
  const status = dialog?.querySelector<HTMLElement>("[data-search-status]");
  if (!dialog || !input || !list || !status || typeof dialog.showModal !== "function") return;
  const api = dialog.dataset.searchApi!;
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  const options = () => [...list.querySelectorAll<HTMLAnchorElement>("[role=option]")];

  const activate = (index: number) => {
    const all = options();
    active = all.length === 0 ? -1 : (index + all.length) % all.length;
    all.forEach((option, position) => option.setAttribute("aria-selected", String(position === active)));
    if (active >= 0) {
      input.setAttribute("aria-activedescendant", all[active]!.id);
      all[active]!.scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };

  const show = (results: SearchResponse["results"], query: string) => {
    list.replaceChildren(...results.map((result, index) => group(result, index)));
    const found = results.length > 0;
    // A listbox must hold options: the roles are there only while results are.
    if (found) {
      list.setAttribute("role", "listbox");
      list.setAttribute("aria-label", labels.searchResults);
    } else {
      list.removeAttribute("role");
      list.removeAttribute("aria-label");
    }
    input.setAttribute("aria-expanded", String(found));
    status.textContent = found ? "" : format(labels.searchNoResults, { query });
    activate(-1);
  };

  const run = (query: string) => {
    inFlight?.abort();
    if (query.trim() === "") {
      show([], "");
      status.textContent = labels.searchEmpty;
      return;
    }
    inFlight = new AbortController();
    status.textContent = labels.searching;
    const url = new URL(api, location.href);
    url.searchParams.set("q", query);
    fetch(url, { signal: inFlight.signal, headers: { accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<SearchResponse>) : Promise.reject(new Error(String(response.status)))))
      .then((body) => show(body.results, query))
      .catch((error: unknown) => {
        if ((error as Error).name !== "AbortError") status.textContent = labels.searchFailed;
      });
  };

  const open = (query?: string) => {
    if (!dialog.open) dialog.showModal();
    if (query !== undefined) input.value = query;
    input.focus();
    run(input.value);
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => run(input.value), 150);
  });
  input.addEventListener("keydown", (event) => {
    // A search field's own Escape only clears it: here Escape closes the dialog.
    if (event.key === "Escape") {
      event.preventDefault();
      dialog.close();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      activate(active + (event.key === "ArrowDown" ? 1 : -1));
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      const option = options()[active];
      if (option) location.assign(option.href);
    }
  });
  list.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) dialog.close();
  });
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.querySelector("[data-search-close]")?.addEventListener("click", () => dialog.close());

  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
      event.preventDefault();
      if (dialog.open) dialog.close();
      else open();
    } else if (event.key === "/" && !dialog.open && !isEditable(event.target)) {
      event.preventDefault();
      open();
    }
  });

  const header = document.querySelector<HTMLFormElement>(".header-search");
  const headerInput = header?.querySelector<HTMLInputElement>("input[name=q]");
  if (header && headerInput) {
    header.addEventListener("submit", (event) => {
      event.preventDefault();
      open(headerInput.value);
    });
    headerInput.addEventListener("input", () => {
      const value = headerInput.value;
      headerInput.value = "";
      open(value);
    });
    headerInput.addEventListener("click", () => open(headerInput.value));
    if (/Mac|iPhone|iPad/.test(navigator.platform)) header.querySelector("kbd")?.replaceChildren("⌘K");
  }
}

const isEditable = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

let optionCount = 0;

function group(result: SearchResponse["results"][number], index: number): HTMLElement {
  const container = element("div", "search-group");
  container.setAttribute("role", "group");
  const titleId = `reader-search-group-${index}`;
  container.setAttribute("aria-labelledby", titleId);
  const page = option(result.href, "search-option search-option-page");
  const title = marked(result.title, result.terms, "search-option-title");
  title.id = titleId;
  page.append(title);
  container.append(page);
  for (const section of result.sections) {
    const link = option(section.href, "search-option search-option-section");
    if (section.title) link.append(marked(section.title, result.terms, "search-option-title"));
    link.append(marked(section.text, result.terms, "search-option-text"));
    container.append(link);
  }
  return container;
}

function option(href: string, className: string): HTMLAnchorElement {
  const link = element("a", className);
  // Only web URLs: whatever the answer holds, a result never becomes a javascript: link.
  if (/^https?:$/.test(new URL(href, location.href).protocol)) link.href = href;
  link.id = `reader-search-option-${optionCount++}`;
  link.setAttribute("role", "option");
  link.setAttribute("aria-selected", "false");
  link.tabIndex = -1;
  return link;
}

/** Text with its matches in <mark>, built as nodes: result text is never parsed as HTML. */
function marked(text: string, terms: string[], className: string): HTMLElement {
  const span = element("span", className);
  for (const segment of highlightSegments(text, terms)) {
    if (segment.match) span.append(Object.assign(document.createElement("mark"), { textContent: segment.text }));
    else span.append(segment.text);
  }
  return span;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.className = className;
  return created;
}
