/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * The layer rules of docs/architecture.md, checked on the imports of every file in src/ (read
 * through Vite, since the tests run inside workerd with no file system).
 */
const sources = import.meta.glob(["../../src/**/*.ts", "../../src/**/*.tsx"], { query: "?raw", import: "default", eager: true }) as Record<string, string>;

interface Import {
  /** The importing file, relative to src/ (e.g. "routes/spaces.ts"). */
  from: string;
  /** A file relative to src/ for a relative import; the package name otherwise. */
  target: string;
  relative: boolean;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"|(?:^|\n)\s*import\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g;

function resolve(from: string, specifier: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

const imports: Import[] = Object.entries(sources).flatMap(([path, text]) => {
  const from = path.replace(/^\.\.\/\.\.\/src\//, "");
  return [...text.matchAll(IMPORT)].map((match) => {
    const specifier = (match[1] ?? match[2] ?? match[3])!;
    const relative = specifier.startsWith(".");
    return { from, target: relative ? resolve(from, specifier) : specifier, relative };
  });
});

const folderOf = (file: string) => file.split("/")[0]!;
const inFolder = (file: string, folder: string) => file.startsWith(`${folder}/`);
const show = (list: Import[]) => list.map((edge) => `${edge.from} -> ${edge.target}`);

/** The one module through which the rest of the Worker reaches a Durable Object class. */
const COORDINATOR_CLIENT = "domain/coordination/space-coordinator-client.ts";

describe("layers", () => {
  it("reads every source file", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(80);
    expect(imports.length).toBeGreaterThan(300);
  });

  it("routes/ do no SQL: they import neither drizzle-orm nor db/", () => {
    const wrong = imports.filter(
      (edge) => inFolder(edge.from, "routes") && (edge.relative ? inFolder(edge.target, "db") : /^drizzle-orm(\/|$)/.test(edge.target)),
    );
    expect(show(wrong)).toEqual([]);
  });

  it("domain/ knows nothing of HTTP: no hono, http/ or routes/", () => {
    const wrong = imports.filter(
      (edge) =>
        inFolder(edge.from, "domain") &&
        (edge.relative ? ["http", "routes"].includes(folderOf(edge.target)) : /^(hono|@hono\/)/.test(edge.target)),
    );
    expect(show(wrong)).toEqual([]);
  });

  it("lib/ and formats/ are self-contained: they import nothing else of src/ (formats/ may use lib/)", () => {
    const allowed: Record<string, string[]> = { lib: ["lib"], formats: ["formats", "lib"] };
    const wrong = imports.filter(
      (edge) => edge.relative && folderOf(edge.from) in allowed && !allowed[folderOf(edge.from)]!.includes(folderOf(edge.target)),
    );
    expect(show(wrong)).toEqual([]);
  });

  it(`only index.ts and ${COORDINATOR_CLIENT} import durable-objects/`, () => {
    const wrong = imports.filter(
      (edge) =>
        edge.relative &&
        inFolder(edge.target, "durable-objects") &&
        !inFolder(edge.from, "durable-objects") &&
        !["index.ts", COORDINATOR_CLIENT].includes(edge.from),
    );
    expect(show(wrong)).toEqual([]);
  });

  it("only app.ts imports reader/ (the published sites' HTML), and the reader's browser islands import nothing of the Worker but the term highlighter they share with it", () => {
    const intoReader = imports.filter((edge) => edge.relative && inFolder(edge.target, "reader") && !inFolder(edge.from, "reader") && edge.from !== "app.ts");
    const outOfIslands = imports.filter((edge) => edge.relative && inFolder(edge.from, "reader/islands") && !inFolder(edge.target, "reader/islands") && edge.target !== "reader/highlight");
    expect(show([...intoReader, ...outOfIslands])).toEqual([]);
  });

  it("no two folders of domain/ depend on each other, directly or through others", () => {
    const edges = new Map<string, Set<string>>();
    for (const edge of imports) {
      if (!edge.relative || !inFolder(edge.from, "domain") || !inFolder(edge.target, "domain")) continue;
      const [from, to] = [edge.from.split("/")[1]!, edge.target.split("/")[1]!];
      if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
    expect(cycles(edges)).toEqual([]);
  });
});

/** Each cycle of the folder graph once, as "a -> b -> a" (depth-first search from each node). */
function cycles(edges: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const visit = (node: string, path: string[]) => {
    for (const next of edges.get(node) ?? []) {
      const start = path.indexOf(next);
      if (start >= 0) {
        const loop = path.slice(start);
        const first = loop.indexOf([...loop].sort()[0]!);
        found.add([...loop.slice(first), ...loop.slice(0, first), loop[first]].join(" -> "));
      } else visit(next, [...path, next]);
    }
  };
  for (const node of edges.keys()) visit(node, [node]);
  return [...found].sort();
}
