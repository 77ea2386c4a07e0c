/*
 * The parts pdf-lib has no high-level API for, written as PDF objects: the outline (bookmarks)
 * and link annotations. Both point into the document with explicit destinations
 * ([page /XYZ left top zoom]), which every viewer follows.
 */
import { PDFArray, PDFHexString, PDFName, PDFNull, PDFNumber, type PDFDocument, type PDFPage, type PDFRef } from "./pdf-lib";
import { PAGE } from "./canvas";

export interface OutlineItem {
  title: string;
  page: PDFPage;
  children: OutlineItem[];
}

/** Writes the outline and asks viewers to open with it shown. */
export function writeOutline(document: PDFDocument, items: readonly OutlineItem[]) {
  if (items.length === 0) return;
  const context = document.context;
  const rootRef = context.nextRef();
  const count = writeLevel(document, items, rootRef);
  context.assign(rootRef, context.obj({ Type: "Outlines", First: count.first, Last: count.last, Count: count.total }));
  document.catalog.set(PDFName.of("Outlines"), rootRef);
  document.catalog.set(PDFName.of("PageMode"), PDFName.of("UseOutlines"));
}

/** Writes siblings under `parent`; every item is open, so counts are all descendants. */
function writeLevel(document: PDFDocument, items: readonly OutlineItem[], parent: PDFRef): { first: PDFRef; last: PDFRef; total: number } {
  const context = document.context;
  const refs = items.map(() => context.nextRef());
  let total = 0;
  items.forEach((item, index) => {
    const dictionary = context.obj({
      Title: PDFHexString.fromText(item.title),
      Parent: parent,
      Dest: destination(document, item.page),
    });
    if (index > 0) dictionary.set(PDFName.of("Prev"), refs[index - 1]!);
    if (index < items.length - 1) dictionary.set(PDFName.of("Next"), refs[index + 1]!);
    if (item.children.length > 0) {
      const children = writeLevel(document, item.children, refs[index]!);
      dictionary.set(PDFName.of("First"), children.first);
      dictionary.set(PDFName.of("Last"), children.last);
      dictionary.set(PDFName.of("Count"), PDFNumber.of(children.total));
      total += children.total;
    }
    total += 1;
    context.assign(refs[index]!, dictionary);
  });
  return { first: refs[0]!, last: refs[refs.length - 1]!, total };
}

/** The top of a page. */
export function destination(document: PDFDocument, page: PDFPage): PDFArray {
  const array = document.context.obj([page.ref, PDFName.of("XYZ"), PDFNull, PDFNumber.of(PAGE.height), PDFNull]);
  return array;
}

/** A clickable area: to a page of this document, or a URI. */
export function addLink(document: PDFDocument, page: PDFPage, rect: readonly number[], target: { page: PDFPage } | { uri: string }) {
  const context = document.context;
  const annotation = context.obj({
    Type: "Annot",
    Subtype: "Link",
    Rect: rect.map((value) => PDFNumber.of(value)),
    Border: [0, 0, 0],
    ...("page" in target ? { Dest: destination(document, target.page) } : { A: { Type: "Action", S: "URI", URI: asciiString(target.uri) } }),
  });
  page.node.addAnnot(context.register(annotation));
}

/** A URI is a byte string: non-ASCII characters are percent-encoded, and hex keeps any byte safe. */
function asciiString(uri: string): PDFHexString {
  const ascii = uri.replace(/[^\x21-\x7e]/g, (character) => encodeURIComponent(character));
  return PDFHexString.of([...ascii].map((character) => character.charCodeAt(0).toString(16).padStart(2, "0")).join(""));
}
