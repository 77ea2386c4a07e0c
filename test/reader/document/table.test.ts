import { describe, expect, it } from "vitest";
import { doc, fragment, paragraph, renderDom, voidBlock } from "./helpers";

const definitions = {
  name: { id: "name", title: "Name", type: "text", textAlignment: "left" },
  count: { id: "count", title: "Count", type: "number" },
  done: { id: "done", title: "Done", type: "checkbox" },
  stars: { id: "stars", title: "Stars", type: "rating", max: 5 },
  tags: { id: "tags", title: "Tags", type: "select", multiple: true, options: [{ value: "a", label: "Alpha", color: "green" }, { value: "b", label: "Beta", color: "url(x)" }] },
  files: { id: "files", title: "Files", type: "files" },
  owner: { id: "owner", title: "Owner", type: "users", multiple: false },
  link: { id: "link", title: "Link", type: "content-ref" },
  pic: { id: "pic", title: "Picture", type: "image" },
};

const table = (view: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  voidBlock(
    "table",
    {
      view,
      definition: definitions,
      records: {
        second: { orderIndex: "a1", values: { name: "f2", count: 2, done: false, stars: 1, tags: ["b"], owner: ["nobody"], link: { kind: "page", page: "secret-page" } } },
        first: {
          orderIndex: "a0",
          values: { name: "f1", count: 10, done: true, stars: 4, tags: ["a", "b"], files: ["manual"], owner: ["ada"], link: { kind: "page", page: "guide" }, pic: { ref: { kind: "file", file: "logo" }, alt: "Logo" } },
        },
      },
      ...extra,
    },
    { fragments: [fragment("f1", [paragraph("First row")]), fragment("f2", [paragraph("Second row")])] },
  );

const ALL_COLUMNS = Object.keys(definitions);

describe("document renderer: tables", () => {
  it("renders a grid with its columns in view order and records in orderIndex order", () => {
    const page = renderDom(doc(table({ type: "grid", columns: ALL_COLUMNS, hideHeader: false })));
    expect([...page.querySelectorAll("thead th")].map((th) => [th.textContent, th.getAttribute("scope")])).toEqual(
      ["Name", "Count", "Done", "Stars", "Tags", "Files", "Owner", "Link", "Picture"].map((title) => [title, "col"]),
    );
    const rows = [...page.querySelectorAll("tbody tr")];
    expect(rows.map((row) => row.querySelector("td")!.textContent)).toEqual(["First row", "Second row"]);
    const cells = [...rows[0]!.querySelectorAll("td")];
    expect(cells[1]!.textContent).toBe("10");
    const box = cells[2]!.querySelector("input")!;
    expect([box.getAttribute("type"), box.hasAttribute("disabled"), box.hasAttribute("checked"), box.getAttribute("aria-label")]).toEqual(["checkbox", true, true, "Done"]);
    expect([cells[3]!.textContent, cells[3]!.querySelector("[role=img]")!.getAttribute("aria-label")]).toEqual(["★★★★☆", "4 out of 5"]);
    expect([...cells[4]!.querySelectorAll(".doc-table-option")].map((option) => [option.textContent, option.getAttribute("class")])).toEqual([
      ["Alpha", "doc-table-option doc-table-option--green"],
      ["Beta", "doc-table-option"],
    ]);
    expect(cells[5]!.querySelector("a")!.getAttribute("href")).toBe("/files/manual.pdf");
    expect(cells[6]!.textContent).toBe("Ada Lovelace");
    expect([cells[7]!.querySelector("a")!.getAttribute("href"), cells[7]!.textContent]).toEqual(["/docs/guide", "Title of guide"]);
    expect(cells[8]!.querySelector("img")!.getAttribute("alt")).toBe("Logo");
    // The second row's link is to a hidden page and its owner unknown: empty cells.
    const second = [...rows[1]!.querySelectorAll("td")];
    expect([second[6]!.textContent, second[7]!.innerHTML]).toEqual(["", ""]);
    expect(page.body.innerHTML).not.toContain("secret-page");
    expect(page.querySelector(".doc-table")!.getAttribute("tabindex")).toBe("0");
  });

  it("keeps a hidden header for screen readers, and merges cells", () => {
    const page = renderDom(
      doc(table({ type: "grid", columns: ["name", "count", "done"], hideHeader: true }, { cellMerges: [{ anchor: { record: "first", column: "count" }, rowSpan: 2, colSpan: 2 }] })),
    );
    expect(page.querySelector("thead")!.getAttribute("class")).toBe("doc-visually-hidden");
    const rows = [...page.querySelectorAll("tbody tr")];
    const merged = rows[0]!.querySelectorAll("td")[1]!;
    expect([merged.getAttribute("rowspan"), merged.getAttribute("colspan")]).toEqual(["2", "2"]);
    expect(rows.map((row) => row.querySelectorAll("td").length)).toEqual([2, 1]);
  });

  it("renders the cards view with covers and a link over the whole card", () => {
    const page = renderDom(doc(table({ type: "cards", columns: ["name", "link", "pic"], cardSize: "large", targetDefinition: "link", coverDefinition: "pic" })));
    const cards = [...page.querySelectorAll(".doc-cards .doc-card")];
    expect(page.querySelector(".doc-cards")!.getAttribute("class")).toBe("doc-cards doc-cards--large");
    expect(cards.map((card) => card.getAttribute("class"))).toEqual(["doc-card doc-card--linked", "doc-card"]);
    expect(cards[0]!.querySelector("img.doc-card-cover")!.getAttribute("src")).toBe("/files/logo.png");
    const link = cards[0]!.querySelector("a.doc-card-link")!;
    expect([link.getAttribute("href"), link.textContent]).toEqual(["/docs/guide", "Title of guide"]);
    expect([...cards[0]!.querySelectorAll(".doc-card-field")].map((field) => field.textContent)).toEqual(["NameFirst row"]);
  });

  it("renders nothing for a table without columns, and survives malformed data", () => {
    expect(renderDom(doc(voidBlock("table", { view: { type: "grid", columns: [] }, records: {}, definition: {} }))).body.innerHTML).toBe("");
    const page = renderDom(doc(voidBlock("table", { view: { type: "grid", columns: ["x", 3] }, records: { r: "no", s: { values: { x: { nested: true } } } }, definition: { x: { title: "X", type: "mystery" } } })));
    expect([...page.querySelectorAll("td")].map((td) => td.textContent)).toEqual([""]);
  });
});
