/**
 * Asset files: their content type (from the extension, as Git keeps none), the content-addressed
 * R2 key every file upload uses (`blobs/<sha-256>`, so identical bytes are one object), and Git's
 * blob id for bytes that came without one.
 */

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  ico: "image/x-icon",
  bmp: "image/bmp",
  tif: "image/tiff",
  tiff: "image/tiff",
  pdf: "application/pdf",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  xml: "application/xml",
  zip: "application/zip",
  gz: "application/gzip",
  txt: "text/plain",
  csv: "text/csv",
  html: "text/html",
  css: "text/css",
  js: "text/javascript",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  woff: "font/woff",
  woff2: "font/woff2",
};

export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot === -1 ? undefined : CONTENT_TYPES[name.slice(dot + 1).toLowerCase()]) ?? "application/octet-stream";
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** The R2 key file uploads use: the bytes' SHA-256 (src/domain/change-requests/coordinated.ts). */
export async function blobKeyOf(bytes: Uint8Array): Promise<string> {
  return `blobs/${hex(await crypto.subtle.digest("SHA-256", bytes))}`;
}

/** Git's blob id: SHA-1 of `blob <size>\0` followed by the bytes. */
export async function gitBlobOid(bytes: Uint8Array): Promise<string> {
  const header = new TextEncoder().encode(`blob ${bytes.byteLength}\0`);
  const object = new Uint8Array(header.byteLength + bytes.byteLength);
  object.set(header);
  object.set(bytes, header.byteLength);
  return hex(await crypto.subtle.digest("SHA-1", object));
}
