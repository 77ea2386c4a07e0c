import katexPackage from "katex/package.json";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { KATEX_STYLESHEET, KATEX_VERSION } from "../../../src/reader/document";

/** A request as a browser's reaches the deployment: through Workers static assets (as in test/http/api-reference.test.ts). */
async function throughAssets(url: URL): Promise<Response> {
  const self = (env as unknown as Record<string, Fetcher | undefined>).__VITEST_POOL_WORKERS_SELF_SERVICE;
  if (!self) throw new Error("The Vitest pool no longer has its binding to the current Worker: check the assets with `wrangler dev`");
  return self.fetch(url.toString());
}

describe("KaTeX's stylesheet and fonts", () => {
  it("are named by the pinned package's version", () => {
    expect(KATEX_VERSION).toBe(katexPackage.version);
  });

  it("are served as static assets, cached for a year, the fonts beside the stylesheet", async () => {
    const stylesheetUrl = new URL(KATEX_STYLESHEET, "http://reader.example");
    const stylesheet = await throughAssets(stylesheetUrl);
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get("content-type")).toContain("text/css");
    expect(stylesheet.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const font = /url\((fonts\/KaTeX_Main-Regular\.woff2)\)/.exec(await stylesheet.text())?.[1];
    expect(font).toBeDefined();
    const fontResponse = await throughAssets(new URL(font!, stylesheetUrl));
    expect(fontResponse.status).toBe(200);
    expect((await fontResponse.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});
