/**
 * Credentials typed into a repository URL (`https://user:token@host/repo.git`) are for the job
 * they came with only. They are taken out of the URL before anything is stored or logged; the job
 * row keeps them AES-GCM encrypted under a key derived (HKDF) from SIGNING_SECRET until the job
 * ends, then erases them. The queue message carries only the job's id.
 */

export interface Credentials {
  username: string;
  password: string;
}

/** The URL without its user info, and the credentials it held (percent-decoded). */
export function splitCredentials(url: string): { url: string; credentials?: Credentials } {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return { url: parsed.toString() };
  const credentials = { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
  parsed.username = "";
  parsed.password = "";
  return { url: parsed.toString(), credentials };
}

async function keyOf(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(), info: new TextEncoder().encode("git-sync credentials v1") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** `iv.ciphertext`, both base64; the job id is the additional data, so a sealed value only opens for its job. */
export async function sealCredentials(secret: string, jobId: string, credentials: Credentials): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(credentials));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: new TextEncoder().encode(jobId) }, await keyOf(secret), plain);
  return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

export async function openCredentials(secret: string, jobId: string, sealed: string): Promise<Credentials> {
  const [iv, data] = sealed.split(".") as [string, string];
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(iv), additionalData: new TextEncoder().encode(jobId) }, await keyOf(secret), fromBase64(data));
  return JSON.parse(new TextDecoder().decode(plain)) as Credentials;
}
