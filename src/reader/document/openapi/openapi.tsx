/*
 * API reference blocks: an operation (method, path, summary, description, servers, parameters,
 * request body and responses, with examples) and the schemas of a spec. Descriptions are
 * markdown, rendered through the document renderer without raw HTML. Without the caller's data
 * an operation block still shows its method and path, which the block itself holds.
 */
import type { Child } from "hono/jsx";
import { markdownToDocument } from "../../../formats/markdown/markdown-to-document";
import { openapiOperationRefOf, openapiSchemasRefOf } from "../block-refs";
import { renderBlocks } from "../blocks";
import { renderCode } from "../code";
import { dataOf, nonEmptyString, type Json } from "../nodes";
import type { RenderState } from "../render-state";
import type { OpenAPIMediaType, OpenAPIOperationData, OpenAPIParameter, OpenAPIProperty } from "../types";

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
const PARAMETER_PLACES: Array<[string, string]> = [
  ["path", "Path parameters"],
  ["query", "Query parameters"],
  ["header", "Headers"],
  ["cookie", "Cookies"],
];

export function renderOpenAPIOperation(node: Json, state: RenderState): Child {
  const id = state.anchors.idOf(node);
  const ref = openapiOperationRefOf(node);
  if (!ref) return null;
  const operation = state.context.openapiOperation(ref);
  const method = (operation?.method ?? ref.method).toLowerCase();
  const path = operation?.path ?? ref.path;
  const headless = dataOf(node).headless === true;
  return (
    <section class={`doc-openapi${operation?.deprecated ? " doc-openapi--deprecated" : ""}${operation ? "" : " doc-openapi--unavailable"}`} id={id}>
      {headless ? null : <h2 class="doc-openapi-title">{operation?.summary || `${method.toUpperCase()} ${path}`}</h2>}
      <p class="doc-openapi-endpoint">
        <span class={`doc-openapi-method doc-openapi-method--${METHODS.has(method) ? method : "other"}`}>{method.toUpperCase()}</span>{" "}
        <code class="doc-openapi-path">{path}</code>
      </p>
      {operation ? renderOperationBody(operation, headless, state) : null}
    </section>
  );
}

function renderOperationBody(operation: OpenAPIOperationData, headless: boolean, state: RenderState): Child[] {
  return [
    operation.deprecated ? <p class="doc-openapi-deprecated">Deprecated</p> : null,
    headless || !operation.description ? null : <div class="doc-openapi-description">{renderMarkdown(operation.description, state)}</div>,
    operation.servers && operation.servers.length > 0 ? (
      <p class="doc-openapi-servers">
        {operation.servers.map((server) => (
          <code class="doc-openapi-server">{server}</code>
        ))}
      </p>
    ) : null,
    ...PARAMETER_PLACES.map(([place, title]) => {
      const parameters = operation.parameters.filter((parameter) => parameter.in === place);
      return parameters.length > 0 ? [<h3 class="doc-openapi-subtitle">{title}</h3>, renderFields(parameters, state)] : null;
    }),
    operation.requestBody ? (
      <div class="doc-openapi-body">
        <h3 class="doc-openapi-subtitle">Request body{operation.requestBody.required ? <span class="doc-openapi-field-required">required</span> : null}</h3>
        {operation.requestBody.description ? renderMarkdown(operation.requestBody.description, state) : null}
        {operation.requestBody.contents.map((content) => renderMediaType(content, state))}
      </div>
    ) : null,
    operation.responses.length > 0 ? [<h3 class="doc-openapi-subtitle">Responses</h3>, <div class="doc-openapi-responses">{operation.responses.map((response, index) => (
      <details class="doc-openapi-response" open={index === 0}>
        <summary class="doc-openapi-response-summary">
          <span class={`doc-openapi-status doc-openapi-status--${/^[1-5]/.test(response.status) ? `${response.status[0]}xx` : "default"}`}>{response.status}</span>{" "}
          {response.description ? firstLine(response.description) : null}
        </summary>
        {response.contents.map((content) => renderMediaType(content, state))}
      </details>
    ))}</div>] : null,
  ];
}

const firstLine = (markdown: string) => markdown.split(/\n\s*\n/)[0]!.replace(/\s+/g, " ").trim();

/** Characters and line starts that make markdown more than one plain paragraph. */
const MARKDOWN_SYNTAX = /[\\`*_[\]<>#|~&]|\n\s*\n|^\s*([-+>]|\d+[.)])\s/m;

/** A spec's description: markdown without raw HTML; most are one plain sentence, which skips the parser. */
function renderMarkdown(markdown: string, state: RenderState): Child {
  if (!MARKDOWN_SYNTAX.test(markdown)) return <p class="doc-paragraph">{markdown.trim()}</p>;
  return renderBlocks(markdownToDocument(markdown, { untrusted: true }).nodes, state);
}

function renderFields(fields: ReadonlyArray<OpenAPIProperty | OpenAPIParameter>, state: RenderState): Child {
  return (
    <dl class="doc-openapi-fields">
      {fields.map((field) => (
        <div class="doc-openapi-field">
          <dt>
            <code class="doc-openapi-field-name">{field.name}</code>
            {field.type ? <span class="doc-openapi-field-type">{field.type}</span> : null}
            {field.required ? <span class="doc-openapi-field-required">required</span> : null}
            {field.deprecated ? <span class="doc-openapi-field-deprecated">deprecated</span> : null}
          </dt>
          {field.description ? <dd>{renderMarkdown(field.description, state)}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** A media type: its type, its fields and an example (a JSON code block, highlighted like any other). */
function renderMediaType(content: OpenAPIMediaType, state: RenderState): Child {
  const example = content.example;
  const json = example !== undefined && /^\s*[[{"]/.test(example);
  return (
    <div class="doc-openapi-media">
      <p class="doc-openapi-media-type">
        <code>{content.mediaType}</code>
        {content.type ? <span class="doc-openapi-field-type">{content.type}</span> : null}
      </p>
      {content.properties && content.properties.length > 0 ? renderFields(content.properties, state) : null}
      {example !== undefined ? renderCode(codeNode(example, json ? "json" : "", "Example"), state) : null}
    </div>
  );
}

/** A code block node for text the renderer made (examples), so it gets the same rendering as content's. */
function codeNode(text: string, syntax: string, title: string): Json {
  const line = (value: string) => ({ object: "block", type: "code-line", data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text: value, marks: [] }] }] });
  return { object: "block", type: "code", data: { syntax, title }, nodes: text.split("\n").map(line) };
}

export function renderOpenAPISchemas(node: Json, state: RenderState): Child {
  const ref = openapiSchemasRefOf(node);
  if (!ref) return null;
  const schemas = state.context.openapiSchemas?.(ref) ?? null;
  if (!schemas || schemas.length === 0) return null;
  const title = nonEmptyString(dataOf(node).title);
  return (
    <section class="doc-openapi-schemas">
      {schemas.map((schema) => (
        <details class="doc-openapi-schema" open>
          <summary class="doc-openapi-schema-summary">{title && schemas.length === 1 ? title : ["The ", <code>{schema.name}</code>, " object"]}</summary>
          {schema.description ? renderMarkdown(schema.description, state) : null}
          {schema.properties.length > 0 ? renderFields(schema.properties, state) : schema.type ? <p class="doc-openapi-field-type">{schema.type}</p> : null}
        </details>
      ))}
    </section>
  );
}
