import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { openAPIToPages } from "../../src/formats/openapi/to-markdown";
import petstore20 from "../fixtures/openapi/petstore-2.0.json?raw";
import petstore30 from "../fixtures/openapi/petstore-3.0.yaml?raw";

/** Reference pages from the Petstore (OpenAPI 3.0 and Swagger 2.0), src/formats/openapi/to-markdown.ts. */

const v3 = parseDocument(petstore30).toJS();
const v2 = JSON.parse(petstore20);

describe("openAPIToPages", () => {
  it("groups the Petstore's operations by tag, each with method, path, parameters, body and responses", () => {
    const pages = openAPIToPages(v3);
    expect(pages.map((page) => [page.title, page.slug])).toEqual([["pets", "pets"]]);
    const markdown = pages[0]!.markdown;
    expect(markdown).toContain("# pets\n\n## List all pets\n\n`GET /pets`");
    expect(markdown).toContain("### Parameters\n\n| name | in | type | required | description |\n|---|---|---|---|---|\n| `limit` | query | integer (int32) | no | How many items to return at one time (max 100) |");
    expect(markdown).toContain("## Create a pet\n\n`POST /pets`\n\n### Request body\n\nRequired.\n- `application/json`: `Pet`");
    expect(markdown).toContain("- **200**: A paged array of pets — `Pets` (application/json)");
    expect(markdown).toContain("- **201**: Null response");
    expect(markdown).toContain("## Info for a specific pet\n\n`GET /pets/{petId}`");
    expect(markdown).toContain("| `petId` | path | string | yes | The id of the pet to retrieve |");
    expect(markdown.match(/^## /gm)).toHaveLength(3);
  });

  it("makes one page per operation when asked", () => {
    const pages = openAPIToPages(v3, "by-operation");
    expect(pages.map((page) => [page.title, page.slug])).toEqual([
      ["List all pets", "listpets"],
      ["Create a pet", "createpets"],
      ["Info for a specific pet", "showpetbyid"],
    ]);
    expect(pages[2]!.markdown.startsWith("# Info for a specific pet\n\n`GET /pets/{petId}`\n\n## Parameters")).toBe(true);
  });

  it("reads Swagger 2.0 parameters, body parameters and response schemas", () => {
    const pages = openAPIToPages(v2);
    const markdown = pages[0]!.markdown;
    expect(markdown).toContain("| `limit` | query | integer (int32) | no |");
    expect(markdown).toContain("- **200**: An paged array of pets — `Pets`");
    const withBody = openAPIToPages({
      swagger: "2.0",
      info: { title: "t", version: "1" },
      paths: { "/pets": { post: { parameters: [{ in: "body", name: "pet", required: true, schema: { $ref: "#/definitions/Pet" } }], responses: { "201": { description: "Made" } } } } },
    });
    expect(withBody[0]!.title).toBe("Other");
    expect(withBody[0]!.markdown).toContain("### Request body\n\n`Pet` (required)");
  });

  it("resolves shared parameters and responses, and marks deprecated operations", () => {
    const pages = openAPIToPages({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      tags: [{ name: "Items", description: "Things in the shop" }, { name: "Unused" }],
      components: {
        parameters: { Id: { name: "id", in: "path", required: true, schema: { type: "string" } } },
        responses: { Gone: { description: "It is gone" } },
      },
      paths: { "/items/{id}": { parameters: [{ $ref: "#/components/parameters/Id" }], delete: { tags: ["Items"], deprecated: true, responses: { "410": { $ref: "#/components/responses/Gone" } } } } },
    });
    expect(pages.map((page) => page.title)).toEqual(["Items"]);
    expect(pages[0]!.markdown).toBe(
      "# Items\n\nThings in the shop\n\n## DELETE /items/{id}\n\n`DELETE /items/{id}`\n\n> Deprecated.\n\n### Parameters\n\n| name | in | type | required | description |\n|---|---|---|---|---|\n| `id` | path | string | yes |  |\n\n### Responses\n\n- **410**: It is gone\n",
    );
  });
});
