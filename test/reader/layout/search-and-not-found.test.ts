import { describe, expect, it } from "vitest";
import { NotFoundPage, SearchPage } from "../../../src/reader/layout";
import { elementsWithoutNonce, inlineHandlers, readerNotFoundProps, readerSearchProps, renderDocument } from "../../helpers/reader-fixtures";

describe("SearchPage", () => {
  it("lists results grouped by page, each page's matching sections under it, matched terms in <mark>", async () => {
    const { document } = await renderDocument(SearchPage(readerSearchProps()));
    expect(document.querySelector("main h1")?.textContent).toBe("Results for “install”");
    expect(document.querySelector("title")?.textContent).toBe("Results for “install” | Acme Docs");
    const results = [...document.querySelectorAll(".search-page-results > li")];
    expect(results.length).toBe(1);
    const result = results[0]!;
    expect(result.querySelector(".search-result-page")?.getAttribute("href")).toBe("/sites/acme/install");
    expect(result.querySelector(".search-result-page mark")?.textContent).toBe("Install");
    const section = result.querySelector(".search-result-sections a")!;
    expect(section.getAttribute("href")).toBe("/sites/acme/install/linux#steps");
    expect([...section.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["Install", "install", "install"]);
    expect(section.querySelector(".search-section-text")?.textContent).toBe("To install Acme, run the installer.");
  });

  it("keeps the query in its form, escaped, and says when nothing matched", async () => {
    const query = '"><img src=x onerror=alert(1)>';
    const { html, document } = await renderDocument(SearchPage(readerSearchProps({ query, results: [] })));
    expect(document.querySelector("#reader-search-page-input")?.getAttribute("value")).toBe(query);
    expect(document.querySelector(".search-page-status")?.textContent).toBe(`No results for “${query}”.`);
    expect(document.querySelector("img")).toBeNull();
    expect(html).not.toContain("<img src=x");
    expect(inlineHandlers(document)).toEqual([]);
  });

  it("asks for words when there is no query, and is never indexed", async () => {
    const { document } = await renderDocument(SearchPage(readerSearchProps({ query: "", results: [] })));
    expect(document.querySelector("main h1")?.textContent).toBe("Search results");
    expect(document.querySelector(".search-page-status")?.textContent).toBe("Type a few words to search this site.");
    expect(document.querySelector("meta[name=robots]")?.getAttribute("content")).toBe("noindex");
    expect(elementsWithoutNonce(document)).toEqual([]);
  });

  it("marks terms the way search matched them: case and accents folded", async () => {
    const results = [{ title: "Café", href: "/sites/acme/cafe", terms: ["cafe"], sections: [{ title: "", href: "/sites/acme/cafe#a", text: "Le CAFÉ est servi." }] }];
    const { document } = await renderDocument(SearchPage(readerSearchProps({ query: "cafe", results })));
    expect([...document.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["Café", "CAFÉ"]);
    // A section without a title shows its text alone.
    expect(document.querySelector(".search-section-title")).toBeNull();
  });
});

describe("NotFoundPage", () => {
  it("says what was asked for, offers search and the way home inside the site's chrome, and is never indexed", async () => {
    const path = "/sites/acme/<b>gone</b>";
    const { html, document } = await renderDocument(NotFoundPage(readerNotFoundProps({ path })));
    expect(document.querySelector("main h1")?.textContent).toBe("Page not found");
    expect(document.querySelector(".page-description")?.textContent).toBe(`There is no page at ${path}. It may have moved: try a search.`);
    expect(html).not.toContain("<b>gone</b>");
    expect(document.querySelector("main form.search-page-form")?.getAttribute("action")).toBe("/sites/acme/search");
    expect(document.querySelector("main a[href='/sites/acme/']")?.textContent).toBe("Go to the home page");
    expect(document.querySelector("nav.sidebar-nav")).not.toBeNull();
    expect(document.querySelector("[aria-current=page]")?.getAttribute("href")).toBe("/sites/acme/install/linux");
    expect(document.querySelector("meta[name=robots]")?.getAttribute("content")).toBe("noindex");
    expect(elementsWithoutNonce(document)).toEqual([]);
    expect(inlineHandlers(document)).toEqual([]);
  });

  it("keeps the stricter robots value of a site that must not be indexed at all", async () => {
    const { document } = await renderDocument(NotFoundPage(readerNotFoundProps({ head: { noindex: true } })));
    expect(document.querySelector("meta[name=robots]")?.getAttribute("content")).toBe("noindex, nofollow");
  });
});
