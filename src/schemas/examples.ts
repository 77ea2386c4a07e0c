/*
 * What request examples refer to. An example is documentation first, so it reads as a real
 * request; the ids and the certificate in it stand for existing objects of their kind. They match
 * the schemas' patterns (the linters check every example against its schema), and the route
 * matrix (test/http/matrix) swaps them for real ones, so every example is also a request that works.
 */
export const EXAMPLE_IDS = {
  /** A member of the organization. */
  user: "exampleMemberUserId",
  /** Another organization the caller administers (the target of a transfer). */
  organization: "exampleTargetOrganizationId",
  /** A space of the organization (a translation's source). */
  space: "exampleSourceSpaceId",
} as const;

/** An OpenAPI spec of the organization (its slug), whose latest version has the tag `pets` and `GET /pets`. */
export const EXAMPLE_SPEC_SLUG = "example-petstore";

export const EXAMPLE_CERTIFICATE = "MIIC8DCCAdigAwIBAgIQ…(the identity provider's PEM certificate)";

/** A one-paragraph rich-text document. */
export const EXAMPLE_DOCUMENT = {
  object: "document",
  data: {},
  nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Answer in the tone of our style guide.", marks: [] }] }] }],
};
