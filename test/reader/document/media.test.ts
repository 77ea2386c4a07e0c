import { describe, expect, it } from "vitest";
import { block, doc, fragment, inline, paragraph, renderDom, voidBlock } from "./helpers";

const image = (data: Record<string, unknown>, caption?: string) =>
  voidBlock("image", data, { fragments: caption === undefined ? [] : [fragment("caption", [paragraph(caption)])] });

describe("document renderer: images, files and embeds", () => {
  it("renders images as figures with alt text, captions, sizes and lazy loading", () => {
    const page = renderDom(
      doc(
        block("images", [image({ ref: { kind: "file", file: "logo" }, alt: "The logo" }, "Our logo"), image({ ref: { kind: "url", url: "https://img.example/a.png" }, width: 300 })], {
          align: "left",
          withFrame: true,
        }),
      ),
    );
    const row = page.querySelector(".doc-images")!;
    expect(row.getAttribute("class")).toBe("doc-images doc-images--left doc-images--framed");
    const [first, second] = [...row.querySelectorAll("figure.doc-image")];
    const img = first!.querySelector("img")!;
    expect([img.getAttribute("src"), img.getAttribute("alt"), img.getAttribute("width"), img.getAttribute("height"), img.getAttribute("loading"), img.getAttribute("decoding")]).toEqual([
      "/files/logo.png",
      "The logo",
      "400",
      "200",
      "lazy",
      "async",
    ]);
    expect(first!.querySelector("figcaption.doc-image-caption")!.textContent).toBe("Our logo");
    const other = second!.querySelector("img")!;
    expect([other.getAttribute("src"), other.getAttribute("alt"), other.getAttribute("width"), other.hasAttribute("height")]).toEqual(["https://img.example/a.png", "", "300", false]);
    expect(second!.querySelector("figcaption")).toBeNull();
  });

  it("uses the caption as alt text when there is none, and keeps the file's proportions at a set width", () => {
    const img = renderDom(doc(block("images", [image({ ref: { kind: "file", file: "logo" }, width: 200 }, "Caption text")]))).querySelector("img")!;
    expect([img.getAttribute("alt"), img.getAttribute("width"), img.getAttribute("height")]).toEqual(["Caption text", "200", "100"]);
  });

  it("writes a light and a dark image when the image has a dark variant", () => {
    const page = renderDom(doc(block("images", [image({ ref: { kind: "file", file: "logo" }, refDark: { kind: "url", url: "https://img.example/dark.png" } })])));
    expect([...page.querySelectorAll("img")].map((img) => [img.getAttribute("class"), img.getAttribute("src")])).toEqual([
      ["doc-image-img doc-image-light", "/files/logo.png"],
      ["doc-image-img doc-image-dark", "https://img.example/dark.png"],
    ]);
  });

  it("leaves out an image whose file the reader may not see", () => {
    const page = renderDom(doc(block("images", [image({ ref: { kind: "file", file: "secret-file" } })]), voidBlock("image", { ref: { kind: "file", file: "secret-file" } })));
    expect(page.body.innerHTML).toBe("");
  });

  it("renders inline images, sized to the line when asked", () => {
    const page = renderDom(doc(paragraph("see ", inline("inline-image", { ref: { kind: "file", file: "logo" }, alt: "logo", size: "line" }))));
    const img = page.querySelector("p img")!;
    expect([img.getAttribute("class"), img.getAttribute("src"), img.getAttribute("alt")]).toEqual(["doc-inline-image doc-inline-image--line", "/files/logo.png", "logo"]);
  });

  it("renders drawings as images", () => {
    const img = renderDom(doc(voidBlock("drawing", { ref: { kind: "file", file: "logo" } }))).querySelector("figure.doc-drawing img")!;
    expect([img.getAttribute("src"), img.getAttribute("alt")]).toEqual(["/files/logo.png", "Drawing"]);
  });

  it("renders file blocks as cards with the file's name, type and size", () => {
    const page = renderDom(doc(voidBlock("file", { ref: { kind: "file", file: "manual" } }), voidBlock("file", { ref: { kind: "file", file: "secret-file" } })));
    const link = page.querySelector(".doc-file a.doc-file-link")!;
    expect(link.getAttribute("href")).toBe("/files/manual.pdf");
    expect(link.querySelector(".doc-file-name")!.textContent).toBe("manual.pdf");
    expect(link.querySelector(".doc-file-meta")!.textContent).toBe("application/pdf · 1.2 MB");
    expect(page.querySelectorAll(".doc-file").length).toBe(1);
  });

  it("renders embeds as cards of the embed's metadata, never its markup", () => {
    const page = renderDom(doc(voidBlock("embed", { url: "https://video.example/watch" }), voidBlock("embed", { url: "https://unknown.example/page" })), {
      embed: (url) => (url.startsWith("https://video") ? { title: "A video", site: "Video Site", description: "What it shows", thumbnail: "https://video.example/thumb.png", icon: "https://video.example/icon.png", html: "<iframe src=x>" } as never : null),
    });
    const [video, unknown] = [...page.querySelectorAll(".doc-embed")];
    const card = video!.querySelector("a.doc-embed-card")!;
    expect([card.getAttribute("href"), card.getAttribute("rel")]).toEqual(["https://video.example/watch", "noopener noreferrer"]);
    expect(card.querySelector(".doc-embed-title")!.textContent).toBe("A video");
    expect(card.querySelector(".doc-embed-description")!.textContent).toBe("What it shows");
    expect(card.querySelector(".doc-embed-site")!.textContent).toBe("Video Site");
    expect(card.querySelector("img.doc-embed-thumbnail")!.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(page.querySelector("iframe")).toBeNull();
    // Without metadata: the URL and its host.
    expect(unknown!.querySelector(".doc-embed-title")!.textContent).toBe("https://unknown.example/page");
    expect(unknown!.querySelector(".doc-embed-site")!.textContent).toBe("unknown.example");
  });

  it("renders a rich embed as a sandboxed, lazy frame of its frame URL, titled, with the card in a <noscript>", () => {
    const frame = { src: "https://docs.example/~embed?url=https%3A%2F%2Fvideo.example%2Fwatch&sig=abc", width: 640, height: 360 };
    const page = renderDom(doc(voidBlock("embed", { url: "https://video.example/watch" }), voidBlock("embed", { url: "https://widget.example/w" })), {
      embed: (url) =>
        url.startsWith("https://video") ? { title: "A video", site: "Video Site", frame } : { title: "A widget", site: "Widgets", frame: { src: "https://docs.example/~embed?url=w&sig=def" } },
    });
    const [video, widget] = [...page.querySelectorAll(".doc-embed")];
    expect(video!.getAttribute("class")).toBe("doc-embed doc-embed--rich");
    const iframe = video!.querySelector("iframe.doc-embed-frame")!;
    expect(iframe.getAttribute("src")).toBe(frame.src);
    expect(iframe.getAttribute("title")).toBe("A video");
    expect(iframe.getAttribute("sandbox")).toBe("allow-scripts allow-popups allow-popups-to-escape-sandbox allow-presentation allow-forms");
    expect(iframe.getAttribute("loading")).toBe("lazy");
    expect(iframe.getAttribute("style")).toBe("aspect-ratio:640/360");
    expect(iframe.hasAttribute("data-embed-frame")).toBe(true);
    expect(video!.querySelector("noscript")!.innerHTML).toContain('class="doc-embed-card"');
    // A widget sizes itself: no ratio.
    expect(widget!.querySelector("iframe")!.hasAttribute("style")).toBe(false);
    expect(widget!.querySelector("iframe")!.getAttribute("title")).toBe("A widget");
  });

  it("drops a frame URL that is not http(s), and falls back to the card", () => {
    const page = renderDom(doc(voidBlock("embed", { url: "https://video.example/watch" })), {
      embed: () => ({ title: "A video", frame: { src: "javascript:alert(1)" } }),
    });
    expect(page.querySelector("iframe")).toBeNull();
    expect(page.querySelector(".doc-embed > a.doc-embed-card")!.getAttribute("href")).toBe("https://video.example/watch");
  });

  it("shows an integration block unfurled from a URL as that URL's card, and other integration blocks not at all", () => {
    const page = renderDom(
      doc(
        voidBlock("integration", { integration: "github", block: "file", props: {}, url: "https://unknown.example/repo" }),
        voidBlock("integration", { integration: "runkit", block: "notebook", props: { code: "x" } }),
      ),
    );
    expect([...page.querySelectorAll(".doc-embed a")].map((a) => a.getAttribute("href"))).toEqual(["https://unknown.example/repo"]);
  });
});
