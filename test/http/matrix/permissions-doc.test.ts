/// <reference types="vite/client" />
import { beforeAll, expect, it } from "vitest";
import permissionsPage from "../../../docs/permissions.md?raw";
import { loadOperations, type Operation } from "./operations";
import { describePermissionForDocs } from "./permission-table";

/**
 * docs/permissions.md lists who may call every route, as the routes declare it: the table is
 * compared with the served document, so the page cannot drift from the code.
 */

let operations: Operation[] = [];

beforeAll(async () => {
  operations = (await loadOperations()).operations.filter((operation) => operation.permission);
});

it("lists every route's permission as the route declares it", () => {
  const table = routeTable(operations);
  const start = permissionsPage.indexOf(TABLE_HEADER);
  const documented = start < 0 ? "" : permissionsPage.slice(start, start + table.length);
  expect(documented, `docs/permissions.md should contain, under '## Every route':\n\n${table}`).toBe(table);
});

const TABLE_HEADER = "| operation | route | who may call it |";

function routeTable(list: Operation[]): string {
  const rows = [...list]
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map((operation) => `| \`${operation.operationId}\` | \`${operation.method.toUpperCase()} ${operation.path}\` | ${describePermissionForDocs(operation.permission!)} |`);
  return [TABLE_HEADER, "|---|---|---|", ...rows].join("\n") + "\n";
}
