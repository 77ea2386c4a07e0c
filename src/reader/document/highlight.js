/*
 * Syntax highlighting on the server: highlight.js's core with the languages docs use most.
 * HEAVY: only renderers.ts imports this module, through a dynamic import(), so the API's
 * requests never evaluate it (test/reader/document/lazy-modules.test.ts checks the imports).
 * highlight.js builds its grammars with RegExp, never eval, so it runs in workerd.
 *
 * Plain JavaScript typed by highlight.d.ts beside it: highlight.js's own type declarations pull
 * in the DOM library (`/// <reference lib="dom" />`), whose CacheStorage, fetch and BufferSource
 * types then clash with the Workers types everywhere in the program. This way tsc never reads them.
 */
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import csharp from "highlight.js/lib/languages/csharp";
import css from "highlight.js/lib/languages/css";
import dart from "highlight.js/lib/languages/dart";
import diff from "highlight.js/lib/languages/diff";
import dockerfile from "highlight.js/lib/languages/dockerfile";
import elixir from "highlight.js/lib/languages/elixir";
import go from "highlight.js/lib/languages/go";
import graphql from "highlight.js/lib/languages/graphql";
import http from "highlight.js/lib/languages/http";
import ini from "highlight.js/lib/languages/ini";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import kotlin from "highlight.js/lib/languages/kotlin";
import lua from "highlight.js/lib/languages/lua";
import makefile from "highlight.js/lib/languages/makefile";
import markdown from "highlight.js/lib/languages/markdown";
import nginx from "highlight.js/lib/languages/nginx";
import objectivec from "highlight.js/lib/languages/objectivec";
import php from "highlight.js/lib/languages/php";
import plaintext from "highlight.js/lib/languages/plaintext";
import powershell from "highlight.js/lib/languages/powershell";
import protobuf from "highlight.js/lib/languages/protobuf";
import python from "highlight.js/lib/languages/python";
import r from "highlight.js/lib/languages/r";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import scala from "highlight.js/lib/languages/scala";
import scss from "highlight.js/lib/languages/scss";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import swift from "highlight.js/lib/languages/swift";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";

const LANGUAGES = {
  bash, c, cpp, csharp, css, dart, diff, dockerfile, elixir, go, graphql, http, ini, java, javascript, json, kotlin, lua,
  makefile, markdown, nginx, objectivec, php, plaintext, powershell, protobuf, python, r, ruby, rust, scala, scss, shell,
  sql, swift, typescript, xml, yaml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
// GitBook's syntax names highlight.js does not already know as aliases.
hljs.registerAliases(["sh", "zsh", "curl"], { languageName: "bash" });
hljs.registerAliases(["jsx", "mjs", "cjs", "node"], { languageName: "javascript" });
hljs.registerAliases(["tsx", "mts", "cts"], { languageName: "typescript" });
hljs.registerAliases(["html", "xhtml", "svg", "vue"], { languageName: "xml" });
hljs.registerAliases(["toml", "properties", "env"], { languageName: "ini" });
hljs.registerAliases(["jsonc", "json5"], { languageName: "json" });
hljs.registerAliases(["golang"], { languageName: "go" });
hljs.registerAliases(["proto"], { languageName: "protobuf" });
hljs.registerAliases(["text", "txt"], { languageName: "plaintext" });

/** Past this size a block is shown plain: highlighting is linear but not free, and nobody reads 100 KB of code. */
const MAX_HIGHLIGHT_CHARS = 100_000;

/** The highlighted HTML of `code` (escaped text in hljs spans), or null for a language it does not know. */
export function highlightCode(code, language) {
  if (code.length > MAX_HIGHLIGHT_CHARS || !hljs.getLanguage(language)) return null;
  try {
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
}
