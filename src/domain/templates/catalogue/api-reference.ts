import type { CatalogueTemplate } from "./types";

/** The documentation of an HTTP API: authentication, errors, pagination, and its reference. */
export const apiReference: CatalogueTemplate = {
  id: "api-reference",
  title: "API reference",
  subtitle: "Document an HTTP API: authentication, errors, pagination and every endpoint.",
  emoji: "1f50c",
  features: ["API overview", "Authentication", "Errors", "Pagination", "Reference from an OpenAPI specification"],
  references: [
    {
      name: "openapi",
      kinds: ["openapi"],
      description: "The organization's OpenAPI specification (by slug) that the reference pages document.",
      fallback: `{% hint style="warning" %}
No OpenAPI specification is linked to this reference yet. Publish one, then apply the template
again with \`params.contentRefs.openapi\` set to its slug.
{% endhint %}
`,
    },
  ],
  pages: [
    {
      markdown: `---
description: What the API does, where it lives, and how to make a first call.
---

# API overview

The API is organized around resources, accepts JSON request bodies, returns JSON responses,
and uses standard HTTP methods and status codes.

## Base URL

\`\`\`
https://api.example.com/v1
\`\`\`

## Your first request

\`\`\`sh
curl https://api.example.com/v1/me \\
  -H "Authorization: Bearer $API_TOKEN"
\`\`\`

Read [Authentication](authentication.md) to get a token, then the [reference](reference.md)
for every endpoint.
`,
    },
    {
      markdown: `---
description: How to get a token and send it with each request.
---

# Authentication

Every request carries an API token in the \`Authorization\` header:

\`\`\`http
Authorization: Bearer <token>
\`\`\`

## Getting a token

Say where a user creates a token, what it grants, and how long it lasts.

{% hint style="danger" %}
Treat tokens like passwords: never commit them, and revoke any token that leaked.
{% endhint %}

## Errors

A missing or invalid token is answered with \`401 Unauthorized\`; see [Errors](errors.md).
`,
    },
    {
      markdown: `---
description: Status codes, the error body, and which errors are worth retrying.
---

# Errors

Errors share one body:

\`\`\`json
{ "error": { "code": 404, "message": "No such resource" } }
\`\`\`

| Status | Meaning | Retry? |
| --- | --- | --- |
| 400 | The request is invalid; the message names the field. | No: fix the request. |
| 401 | The token is missing or invalid. | No: get a token. |
| 403 | The token may not do this. | No. |
| 404 | No such resource, or one you may not see. | No. |
| 409 | The request conflicts with the current state. | After reading the state again. |
| 429 | Too many requests. | Yes, after \`Retry-After\` seconds. |
| 5xx | A server error. | Yes, with backoff. |
`,
    },
    {
      markdown: `---
description: How lists are paged.
---

# Pagination

Lists answer \`{ "items": [...], "next": { "page": "…" }, "count": 120 }\`. Pass \`next.page\`
back as the \`page\` query parameter to get the next page; when \`next\` is absent, you have
everything. \`limit\` sets the page size.
`,
    },
    {
      markdown: `---
description: Every endpoint, generated from the OpenAPI specification.
---

# Reference

{{ref:openapi}}
`,
      computedFrom: "openapi",
    },
  ],
};
