import { describe, expect, it } from "vitest";
import { loadDocumentRenderers, openapiOperationData, openapiSchemasData, type OpenAPIOperationRef } from "../../../src/reader/document";
import { doc, renderDom, voidBlock } from "./helpers";

const petstore = {
  openapi: "3.0.3",
  info: { title: "Pets", version: "1" },
  servers: [{ url: "https://api.pets.example/v1" }],
  paths: {
    "/pets/{petId}": {
      parameters: [{ name: "petId", in: "path", required: true, description: "The pet's **id**", schema: { type: "string", format: "uuid" } }],
      get: {
        summary: "Get a pet",
        description: "Returns one pet.\n\n<script>alert(1)</script> [bad](javascript:alert(1))",
        parameters: [{ name: "fields", in: "query", schema: { type: "array", items: { type: "string" } } }, { name: "X-Trace", in: "header", deprecated: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "The pet", content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } },
          "404": { description: "No such pet" },
        },
      },
      put: {
        deprecated: true,
        requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" }, example: { id: "1", name: "Rex" } } } },
        responses: { default: { description: "Error" } },
      },
    },
  },
  webhooks: { newPet: { post: { summary: "A pet was added", responses: { "200": { description: "Received" } } } } },
  components: {
    schemas: {
      Pet: { type: "object", description: "A pet.", required: ["id"], properties: { id: { type: "string", format: "uuid" }, name: { type: "string", description: "Its name" }, tags: { type: "array", items: { $ref: "#/components/schemas/Tag" } } } },
      Tag: { type: "object", properties: { label: { type: "string" } } },
    },
  },
};

const swagger = {
  swagger: "2.0",
  host: "old.example",
  basePath: "/api",
  schemes: ["https"],
  paths: { "/things": { post: { summary: "Create a thing", consumes: ["application/json"], parameters: [{ name: "body", in: "body", required: true, schema: { type: "object", properties: { size: { type: "integer" } } } }], responses: { "201": { description: "Created", schema: { type: "object" } } } } } },
};

const lookup = (ref: OpenAPIOperationRef) => openapiOperationData(ref.source.kind === "openapi" ? petstore : swagger, ref.method, ref.path, ref.webhook);

describe("openapiOperationData", () => {
  it("reads an OpenAPI 3 operation: parameters of the path and the operation, body, responses, servers, examples", () => {
    const get = openapiOperationData(petstore, "GET", "/pets/{petId}")!;
    expect(get).toMatchObject({ method: "get", path: "/pets/{petId}", summary: "Get a pet", servers: ["https://api.pets.example/v1"] });
    expect(get.parameters).toEqual([
      { name: "petId", in: "path", type: "string (uuid)", required: true, description: "The pet's **id**" },
      { name: "fields", in: "query", type: "array of string" },
      { name: "X-Trace", in: "header", type: "string", deprecated: true },
    ]);
    const ok = get.responses[0]!;
    expect([ok.status, ok.description, ok.contents[0]!.mediaType, ok.contents[0]!.type]).toEqual(["200", "The pet", "application/json", "Pet"]);
    expect(ok.contents[0]!.properties!.map((property) => [property.name, property.type, property.required ?? false])).toEqual([
      ["id", "string (uuid)", true],
      ["name", "string", false],
      ["tags", "array of Tag", false],
    ]);
    expect(JSON.parse(ok.contents[0]!.example!)).toEqual({ id: "00000000-0000-0000-0000-000000000000", name: "string", tags: [{ label: "string" }] });
    const put = openapiOperationData(petstore, "put", "/pets/{petId}")!;
    expect([put.deprecated, put.requestBody!.required, JSON.parse(put.requestBody!.contents[0]!.example!)]).toEqual([true, true, { id: "1", name: "Rex" }]);
    expect(openapiOperationData(petstore, "delete", "/pets/{petId}")).toBeNull();
  });

  it("reads webhooks, Swagger 2 bodies and servers, and schemas", () => {
    expect(openapiOperationData(petstore, "post", "newPet", true)).toMatchObject({ summary: "A pet was added", responses: [{ status: "200" }] });
    const post = openapiOperationData(swagger, "post", "/things")!;
    expect(post.servers).toEqual(["https://old.example/api"]);
    expect(post.requestBody).toMatchObject({ required: true, contents: [{ mediaType: "application/json", properties: [{ name: "size", type: "integer" }] }] });
    expect(openapiSchemasData(petstore, ["Tag", "Missing", "Pet"]).map((schema) => [schema.name, schema.properties.length])).toEqual([
      ["Tag", 1],
      ["Pet", 3],
    ]);
  });
});

describe("document renderer: API reference blocks", () => {
  it("renders an operation as an API reference section", async () => {
    const renderers = await loadDocumentRenderers({ codeLanguages: new Set(), math: false, openapiOperations: [{}] });
    const page = renderDom(doc(voidBlock("openapi-operation", { ref: { kind: "openapi", spec: "petstore" }, method: "get", path: "/pets/{petId}" })), { openapiOperation: lookup, renderers });
    const section = page.querySelector("section.doc-openapi")!;
    expect(section.id).toBe("get-pets-petid");
    expect(section.querySelector("h2.doc-openapi-title")!.textContent).toBe("Get a pet");
    expect(section.querySelector(".doc-openapi-method")!.getAttribute("class")).toBe("doc-openapi-method doc-openapi-method--get");
    expect(section.querySelector(".doc-openapi-endpoint")!.textContent).toBe("GET /pets/{petId}");
    expect(section.querySelector(".doc-openapi-server")!.textContent).toBe("https://api.pets.example/v1");
    expect([...section.querySelectorAll("h3.doc-openapi-subtitle")].map((h3) => h3.textContent)).toEqual(["Path parameters", "Query parameters", "Headers", "Responses"]);
    const petId = section.querySelector(".doc-openapi-field")!;
    expect(petId.querySelector(".doc-openapi-field-name")!.textContent).toBe("petId");
    expect(petId.querySelector(".doc-openapi-field-required")!.textContent).toBe("required");
    expect(petId.querySelector("dd strong")!.textContent).toBe("id");
    // The description is markdown from the spec: rendered, with raw HTML and unsafe links left out.
    const description = section.querySelector(".doc-openapi-description")!;
    expect(description.querySelector("p")!.textContent).toBe("Returns one pet.");
    expect(description.querySelector("script, a[href^=javascript]")).toBeNull();
    const responses = [...section.querySelectorAll("details.doc-openapi-response")];
    expect(responses.map((response) => [response.hasAttribute("open"), response.querySelector(".doc-openapi-status")!.getAttribute("class"), response.querySelector("summary")!.textContent])).toEqual([
      [true, "doc-openapi-status doc-openapi-status--2xx", "200 The pet"],
      [false, "doc-openapi-status doc-openapi-status--4xx", "404 No such pet"],
    ]);
    const example = responses[0]!.querySelector("figure.doc-code")!;
    expect(example.querySelector("figcaption")!.textContent).toBe("Example");
    expect(example.querySelector(".hljs-attr")).not.toBeNull();
  });

  it("shows the method and path of an operation it has no data for, and renders legacy swagger blocks and webhooks", () => {
    const page = renderDom(
      doc(
        voidBlock("openapi-operation", { ref: { kind: "openapi", spec: "gone" }, method: "delete", path: "/pets" }),
        voidBlock("swagger", { ref: { kind: "file", file: "spec" }, method: "post", path: "/things" }),
        voidBlock("openapi-webhook", { ref: { kind: "openapi", spec: "petstore" }, method: "post", name: "newPet" }),
      ),
      { openapiOperation: (ref) => (ref.source.kind === "openapi" && ref.source.spec === "gone" ? null : lookup(ref)) },
    );
    const sections = [...page.querySelectorAll("section.doc-openapi")];
    expect(sections.map((section) => [section.getAttribute("class"), section.querySelector("h2")!.textContent])).toEqual([
      ["doc-openapi doc-openapi--unavailable", "DELETE /pets"],
      ["doc-openapi", "Create a thing"],
      ["doc-openapi", "A pet was added"],
    ]);
    expect(sections[1]!.querySelector(".doc-openapi-body .doc-openapi-field-name")!.textContent).toBe("size");
  });

  it("leaves the title and description to the page for a headless operation, and renders schema blocks", () => {
    const page = renderDom(
      doc(
        voidBlock("openapi-operation", { ref: { kind: "openapi", spec: "petstore" }, method: "get", path: "/pets/{petId}", headless: true }),
        voidBlock("openapi-schemas", { ref: { kind: "openapi", spec: "petstore" }, schemas: ["Pet"] }),
      ),
      { openapiOperation: lookup, openapiSchemas: (ref) => openapiSchemasData(petstore, ref.schemas) },
    );
    expect(page.querySelector("section.doc-openapi h2")).toBeNull();
    expect(page.querySelector(".doc-openapi-description")).toBeNull();
    const schema = page.querySelector(".doc-openapi-schemas details.doc-openapi-schema")!;
    expect(schema.querySelector("summary")!.textContent).toBe("The Pet object");
    expect([...schema.querySelectorAll(".doc-openapi-field-name")].map((name) => name.textContent)).toEqual(["id", "name", "tags"]);
  });
});
