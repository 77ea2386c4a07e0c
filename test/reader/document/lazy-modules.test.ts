/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * The heavy renderers (highlight.js and its grammars, KaTeX) are reached only through dynamic
 * import(): the Worker's entry, the API (app.ts) and the document renderer's own entry import
 * neither, statically, however deep. A bundler then wraps them in lazily run module bodies, so an
 * API request never evaluates them. Read from the sources, as test/architecture/layers.test.ts does.
 */
const sources = import.meta.glob("../../../src/**/*.{ts,tsx,js}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const files = new Map(Object.entries(sources).map(([path, text]) => [path.replace(/^(\.\.\/)+src\//, ""), text]));

const HEAVY_PACKAGES = /^(highlight\.js|katex)(\/|$)/;

// Value imports and re-exports (type-only ones are erased) and dynamic imports, told apart.
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+"([^"]+)"|(?:^|\n)\s*import\s+"([^"]+)"/g;
const DYNAMIC_IMPORT = /\bimport\(\s*"([^"]+)"\s*\)/g;

function resolveFile(from: string, specifier: string): string | undefined {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  const base = parts.join("/");
  return [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => files.has(candidate) && !candidate.endsWith(".d.ts"));
}

/** Everything `entry` evaluates when it is imported: files of src/ and packages, static imports only. */
function staticClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of files.get(file)!.matchAll(STATIC_IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (!specifier.startsWith(".")) {
        packages.add(specifier);
        continue;
      }
      const target = resolveFile(file, specifier);
      if (target) pending.push(target);
    }
  }
  return { files: seen, packages };
}

describe("heavy renderers are loaded lazily", () => {
  it("reads the sources", () => {
    expect(files.has("index.ts")).toBe(true);
    expect(files.has("reader/document/highlight.js")).toBe(true);
    expect(files.has("reader/document/math.ts")).toBe(true);
  });

  for (const entry of ["index.ts", "app.ts", "reader/document/index.ts"]) {
    it(`${entry} does not evaluate highlight.js or KaTeX`, () => {
      const closure = staticClosure(entry);
      expect(closure.files.size).toBeGreaterThan(entry === "reader/document/index.ts" ? 10 : 50);
      expect([...closure.packages].filter((name) => HEAVY_PACKAGES.test(name))).toEqual([]);
      expect([...closure.files].filter((file) => file === "reader/document/highlight.js" || file === "reader/document/math.ts")).toEqual([]);
    });
  }

  it("reaches them only through renderers.ts's dynamic imports", () => {
    const importers = [...files].filter(([, text]) => [...text.matchAll(STATIC_IMPORT)].some((match) => /(^|\/)(highlight|math)(\.js|\.ts)?$/.test((match[1] ?? match[2])!) && (match[1] ?? match[2])!.startsWith("./")));
    expect(importers.map(([file]) => file)).toEqual([]);
    const dynamic = [...files.get("reader/document/renderers.ts")!.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]);
    expect(dynamic).toEqual(["./highlight", "./math"]);
    expect(staticClosure("reader/document/highlight.js").packages).toContain("highlight.js/lib/core");
    expect(staticClosure("reader/document/math.ts").packages).toContain("katex");
  });
});
