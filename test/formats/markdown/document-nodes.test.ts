import { describe, expect, expectTypeOf, it } from "vitest";
import { markdownToDocument, type DocumentInput, type GitBookDocument } from "../../../src/formats/markdown";
import { JSONDocument, type DocumentValue } from "../../../src/schemas/document";

/**
 * The markdown module owns its document types so it does not depend on src/schemas; these
 * checks keep the two in step. The type checks run in `npm run typecheck`, the rest at test time.
 */
describe("document types of the markdown module", () => {
  it("build documents the API's schema accepts, and read every document it accepts", () => {
    expectTypeOf<GitBookDocument>().toExtend<DocumentValue>();
    expectTypeOf<DocumentValue>().toExtend<DocumentInput>();
    expectTypeOf(markdownToDocument).returns.toEqualTypeOf<GitBookDocument>();
    const document = markdownToDocument("# T\n\n* a [l](/pages/p) ![i](/files/f)\n\n```js\nx\n```\n");
    expect(JSONDocument.parse(document)).toEqual(document);
  });
});
