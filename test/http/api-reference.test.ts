import { describe, expect, it } from "vitest";
import { workerUnderTest, ORIGIN } from "../helpers/http";

describe("the interactive API reference", () => {
  it("is a page served without a token that renders the served OpenAPI document", async () => {
    const response = await workerUnderTest.fetch(`${ORIGIN}/v1/reference`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("/v1/openapi.json");
    expect(html).toContain("Docs content management API reference");
  });
});
