export const OPENAPI_DOCUMENT_PATH = "/v1/openapi.json";
/** A page a person opens in a browser: the document rendered by Scalar, with a request console. */
export const API_REFERENCE_PATH = "/v1/reference";

/**
 * The top of the OpenAPI document served at /v1/openapi.json; the paths and components come from
 * the route declarations. Every path already starts with /v1, so the server is the bare origin:
 * tools that join the two (Swagger UI, Postman, client generators) then call the right URLs.
 */
export function openApiDocumentHead(origin: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Docs content management API",
      version: "1.0.0",
      description:
        "A self-hostable implementation of GitBook's /v1 API on Cloudflare Workers. Every /v1 route needs a user API token " +
        "(`Authorization: Bearer <token>`); errors are `{error:{code,message}}`; lists are `{items, next?:{page}, count}`.",
      contact: { name: "docs-cms-edge maintainers" },
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: origin, description: "This deployment" }],
    tags: TAGS,
  };
}

// Scalar draws the first tag's operations at once and the others as they scroll in: the users
// first (the first call anyone makes), this deployment's release last.
const TAGS = [
  { name: "users", description: "The user who owns the API token, and the users they share an organization with" },
  { name: "admin", description: "The operator's bootstrap: users and their API tokens (the deployment's ADMIN_TOKEN)" },
  { name: "organizations", description: "Organizations, their members, invite links and agent instructions" },
  { name: "sso", description: "SAML identity providers of an organization" },
  { name: "teams", description: "Teams of an organization and their members" },
  { name: "collections", description: "Collections: folders of spaces and collections" },
  { name: "spaces", description: "Spaces: settings, lifecycle, duplication, moves and transfers" },
  { name: "permissions", description: "Who was given access to a space or collection (users and teams, with a role), and everyone who can access it" },
  { name: "space-content", description: "The content of a space's live revision: pages, files and links" },
  { name: "change-requests", description: "Change requests: edits, reviews, update from main and merge" },
  { name: "change-request-contributors", description: "Who edited a change request and who discussed it" },
  { name: "templates", description: "The catalogue of templates a space's content can start from" },
  { name: "change-request-content", description: "The content of a change request's revision: pages, files and links" },
  { name: "revision-content", description: "Any revision of a space by its id (main's past ones, a change request's, a standalone Git import): pages and files" },
  { name: "comments", description: "Comments on a space, their replies and reactions, and its commenters" },
  { name: "change-request-comments", description: "Comments in a change request, their replies and reactions, and its commenters" },
  { name: "openapi", description: "Hosted OpenAPI specifications of an organization, processed in the background, and their versions" },
  { name: "sites", description: "Docs sites: settings, publishing, the published profile, customization and share links" },
  { name: "site-structure", description: "A docs site's structure: sections, site spaces, section groups, and its adaptive-content schema" },
  { name: "site-redirects", description: "A docs site's redirects: source paths of the site sent to its sections, site spaces, pages or external URLs" },
  { name: "site-permissions", description: "Who was given access to a docs site (users and teams, with a role), and everyone who can access it" },
  { name: "site-insights", description: "A docs site's analytics: events its visitors make (stored in the background) and counts of them" },
  { name: "translations", description: "Translations of a space into another language, run in the background into a result space" },
  { name: "conversations", description: "Support conversations, the issues analysed from them in the background, and the clusters of similar issues" },
  { name: "urls", description: "What a URL is: its embed (and, for published sites, the content it shows)" },
  { name: "system", description: "This deployment's release: its version and build date" },
];
