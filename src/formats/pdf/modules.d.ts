/** Font files imported as binary modules (wrangler.toml `[[rules]]` type Data). */
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}

/** The packages' own minified ES builds (pdf-lib.ts): the same API as their typed entry points. */
declare module "pdf-lib/dist/pdf-lib.esm.min.js" {
  export * from "pdf-lib";
}
declare module "@pdf-lib/fontkit/dist/fontkit.es.min.js" {
  import fontkit from "@pdf-lib/fontkit";
  export default fontkit;
}
