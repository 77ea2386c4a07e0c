/** Font files imported as binary modules (wrangler.toml `[[rules]]` type Data). */
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
