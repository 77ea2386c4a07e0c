/*
 * pdf-lib and fontkit, from the minified ES builds the packages ship: the same code, about 1.1 MB
 * less script in the Worker than their module entry points (docs/performance.md, "Bundle"). Every
 * file of the renderer imports them from here.
 */
export {
  concatTransformationMatrix,
  PDFArray,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  type PDFRef,
  type RGB,
} from "pdf-lib/dist/pdf-lib.esm.min.js";
export { default as fontkit } from "@pdf-lib/fontkit/dist/fontkit.es.min.js";
