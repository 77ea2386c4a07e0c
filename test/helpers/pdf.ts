import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFStream, PDFString, decodePDFRawStream } from "pdf-lib";

/**
 * Opens a PDF the way a reader would and reports what is in it: its pages' text (decoded through
 * each font's ToUnicode map, since embedded fonts draw glyph ids), the outline, the link
 * annotations and the images. Small, and only for the PDFs this project writes.
 */
export interface OpenedPdf {
  document: PDFDocument;
  title: string | undefined;
  pageCount: number;
  /** Each page's text, whitespace collapsed. */
  pages: string[];
  text: string;
  outline: OutlineNode[];
  /** Per page: its link annotations, as a URI or the index of the page they go to. */
  links: Array<Array<{ uri?: string; page?: number }>>;
  imageCount: number;
}

export interface OutlineNode {
  title: string;
  page: number;
  children: OutlineNode[];
}

export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const pageRefs = document.getPages().map((page) => page.ref.toString());
  const pageIndex = (value: unknown) => (value instanceof PDFRef ? pageRefs.indexOf(value.toString()) : -1);
  const pages = document.getPages().map((page) => pageText(document, page.node));
  const links = document.getPages().map((page) => {
    const annotations = page.node.Annots();
    if (!annotations) return [];
    return annotations.asArray().map((ref) => {
      const annotation = document.context.lookup(ref, PDFDict);
      const action = annotation.lookupMaybe(PDFName.of("A"), PDFDict);
      if (action) return { uri: stringOf(action.lookup(PDFName.of("URI"))) };
      const destination = annotation.lookup(PDFName.of("Dest"), PDFArray);
      return { page: pageIndex(destination.get(0)) };
    });
  });
  let imageCount = 0;
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (object instanceof PDFStream && object.dict.get(PDFName.of("Subtype"))?.toString() === "/Image") imageCount++;
  }
  const outlines = document.catalog.lookupMaybe(PDFName.of("Outlines"), PDFDict);
  const readLevel = (first: unknown): OutlineNode[] => {
    const nodes: OutlineNode[] = [];
    let ref = first;
    while (ref instanceof PDFRef) {
      const item = document.context.lookup(ref, PDFDict);
      const destination = item.lookup(PDFName.of("Dest"), PDFArray);
      nodes.push({ title: stringOf(item.lookup(PDFName.of("Title")))!, page: pageIndex(destination.get(0)), children: readLevel(item.get(PDFName.of("First"))) });
      ref = item.get(PDFName.of("Next"));
    }
    return nodes;
  };
  return {
    document,
    title: document.getTitle(),
    pageCount: pages.length,
    pages,
    text: pages.join("\n"),
    outline: outlines ? readLevel(outlines.get(PDFName.of("First"))) : [],
    links,
    imageCount,
  };
}

/** Total count of an outline (every node, nested ones included). */
export const outlineTitles = (nodes: OutlineNode[]): string[] => nodes.flatMap((node) => [node.title, ...outlineTitles(node.children)]);

function stringOf(value: unknown): string | undefined {
  if (value instanceof PDFHexString || value instanceof PDFString) return value.decodeText();
  return undefined;
}

function pageText(document: PDFDocument, node: ReturnType<PDFDocument["getPages"]>[number]["node"]): string {
  const fonts = node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
  const maps = new Map<string, Map<string, string>>();
  for (const [name, ref] of fonts?.entries() ?? []) {
    const font = document.context.lookup(ref, PDFDict);
    const toUnicode = font.lookupMaybe(PDFName.of("ToUnicode"), PDFStream);
    maps.set(name.toString(), toUnicode ? parseCmap(streamText(toUnicode)) : new Map());
  }
  const contents = node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref, PDFStream)) : contents ? [contents] : [];
  const pieces: string[] = [];
  for (const stream of streams) {
    let font = "";
    for (const match of streamText(stream).matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (match[1]) font = match[1];
      else pieces.push(decodeHex(match[2]!, maps.get(font) ?? new Map()));
    }
  }
  return pieces.join(" ").replace(/\s+/g, " ").trim();
}

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : (stream as unknown as { getContents(): Uint8Array }).getContents();
  return new TextDecoder("latin1").decode(bytes);
}

function parseCmap(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g)) {
      const units = entry[2]!.match(/.{4}/g)?.map((unit) => parseInt(unit, 16)) ?? [];
      map.set(entry[1]!.toLowerCase().padStart(4, "0"), String.fromCharCode(...units));
    }
  }
  return map;
}

function decodeHex(hex: string, map: Map<string, string>): string {
  return (hex.toLowerCase().match(/.{4}/g) ?? []).map((glyph) => map.get(glyph) ?? "\ufffd").join("");
}

