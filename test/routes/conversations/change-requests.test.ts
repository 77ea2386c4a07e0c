import { ChangeRequestStatus } from "@gitbook/api";
import { ChangeRequestStatus as ChangeRequestStatus0146 } from "gitbook-api-0146";
import { beforeAll, describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient, gitbookClient0146, type TestUser } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { expectSpecResponse } from "../../helpers/spec";
import { allClusters, conversation, ingestAndAnalyse } from "../../helpers/conversations";

/**
 * A change request may address a conversations issues cluster of its organization: given when it
 * is created or updated, shown as `conversationsIssuesCluster`, and filtered on by it (or its alias `topic`).
 */

let admin: TestUser;
let spaceId: string;
let apiCluster: string;
let ssoCluster: string;
let foreignCluster: string;

beforeAll(async () => {
  admin = await createUser("cr-clusters");
  const organizationId = (await createOrganization(admin)).id;
  spaceId = (await createSpace(admin, organizationId)).id;
  await ingestAndAnalyse(admin.token, organizationId, [conversation("Where do I find my API key?"), conversation("SSO login loops back to the sign-in page")]);
  const clusters = await allClusters(admin.token, organizationId);
  apiCluster = clusters.find((cluster) => cluster.label.includes("API key")).id;
  ssoCluster = clusters.find((cluster) => cluster.label.includes("SSO")).id;
  const otherOrganizationId = (await createOrganization(admin)).id;
  await ingestAndAnalyse(admin.token, otherOrganizationId, conversation("Where do I find my API key?"));
  foreignCluster = (await allClusters(admin.token, otherOrganizationId))[0].id;
});

const changeRequests = () => `/v1/spaces/${spaceId}/change-requests`;

async function create(body: Record<string, unknown>) {
  const response = await call("POST", changeRequests(), { token: admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expectSpecResponse("createChangeRequest", 201, response.body);
  return response.body;
}

describe("linking change requests to clusters", () => {
  it("links at creation, with or without a template, and shows the link", async () => {
    const plain = await create({ subject: "Explain API keys", conversationsIssuesCluster: apiCluster });
    expect(plain.conversationsIssuesCluster).toBe(apiCluster);
    const templated = await create({ subject: "API key guide", template: { id: "blank" }, conversationsIssuesCluster: apiCluster });
    expect(templated.conversationsIssuesCluster).toBe(apiCluster);
    const read = await call("GET", `${changeRequests()}/${plain.id}`, { token: admin.token });
    expect(read.body.conversationsIssuesCluster).toBe(apiCluster);
    expect((await create({ subject: "Unlinked" })).conversationsIssuesCluster).toBeUndefined();
  });

  it("links, relinks and unlinks on update", async () => {
    const changeRequest = await create({ subject: "SSO loop" });
    const path = `${changeRequests()}/${changeRequest.id}`;
    const linked = await call("PATCH", path, { token: admin.token, body: { conversationsIssuesCluster: ssoCluster } });
    expect(linked.status).toBe(200);
    expectSpecResponse("updateChangeRequestById", 200, linked.body);
    expect(linked.body.conversationsIssuesCluster).toBe(ssoCluster);
    const relinked = await call("PATCH", path, { token: admin.token, body: { conversationsIssuesCluster: apiCluster, subject: "Both" } });
    expect(relinked.body).toMatchObject({ conversationsIssuesCluster: apiCluster, subject: "Both" });
    const unlinked = await call("PATCH", path, { token: admin.token, body: { conversationsIssuesCluster: null } });
    expect(unlinked.body.conversationsIssuesCluster).toBeUndefined();
  });

  it("refuses a cluster of another organization, or none, with a 400 naming the field, and changes nothing", async () => {
    const before = (await call("GET", `${changeRequests()}?status=draft&limit=0`, { token: admin.token })).body.count;
    for (const cluster of [foreignCluster, "noSuchCluster"]) {
      expect(errorMessage(await call("POST", changeRequests(), { token: admin.token, body: { conversationsIssuesCluster: cluster } }), 400)).toMatch(/'conversationsIssuesCluster'/);
      const templated = await call("POST", changeRequests(), { token: admin.token, body: { template: { id: "blank" }, conversationsIssuesCluster: cluster } });
      expect(errorMessage(templated, 400)).toMatch(/'conversationsIssuesCluster'/);
    }
    expect((await call("GET", `${changeRequests()}?status=draft&limit=0`, { token: admin.token })).body.count).toBe(before);
    const changeRequest = await create({ subject: "Keeps its link", conversationsIssuesCluster: ssoCluster });
    const refused = await call("PATCH", `${changeRequests()}/${changeRequest.id}`, { token: admin.token, body: { conversationsIssuesCluster: foreignCluster, subject: "Changed" } });
    expect(errorMessage(refused, 400)).toMatch(/'conversationsIssuesCluster'/);
    const read = await call("GET", `${changeRequests()}/${changeRequest.id}`, { token: admin.token });
    expect(read.body).toMatchObject({ conversationsIssuesCluster: ssoCluster, subject: "Keeps its link" });
  });

  it("filters the space's and the organization's lists by cluster, under GitBook's name and its alias `topic`", async () => {
    const sso = await create({ subject: "Filter me", conversationsIssuesCluster: ssoCluster });
    const api = await create({ subject: "Filter me too", conversationsIssuesCluster: apiCluster });
    const organizationId = (await call("GET", `/v1/spaces/${spaceId}`, { token: admin.token })).body.organization;
    const lists = { listChangeRequestsForSpace: changeRequests(), listChangeRequestsForOrganization: `/v1/orgs/${organizationId}/change-requests` };
    for (const [operationId, path] of Object.entries(lists)) {
      for (const name of ["conversationsIssuesCluster", "topic"]) {
        for (const [cluster, linked, other] of [[ssoCluster, sso, api], [apiCluster, api, sso]]) {
          const response = await call("GET", `${path}?status=draft&${name}=${cluster}&limit=1000`, { token: admin.token });
          expect(response.status).toBe(200);
          expectSpecResponse(operationId, 200, response.body);
          const ids = response.body.items.map((item: { id: string }) => item.id);
          expect(ids, `${operationId} ?${name}`).toContain(linked.id);
          expect(ids, `${operationId} ?${name}`).not.toContain(other.id);
          expect(response.body.items.every((item: { conversationsIssuesCluster?: string }) => item.conversationsIssuesCluster === cluster)).toBe(true);
        }
      }
    }
  });

  it("lists nothing for a cluster nothing is linked to, or for two different clusters, and refuses a malformed id", async () => {
    await create({ subject: "Linked", conversationsIssuesCluster: ssoCluster });
    const lists = [changeRequests(), `/v1/orgs/${(await call("GET", `/v1/spaces/${spaceId}`, { token: admin.token })).body.organization}/change-requests`];
    for (const path of lists) {
      for (const query of [`conversationsIssuesCluster=noSuchCluster`, `topic=noSuchCluster`, `conversationsIssuesCluster=${foreignCluster}`, `conversationsIssuesCluster=${ssoCluster}&topic=${apiCluster}`]) {
        const response = await call("GET", `${path}?status=draft&${query}`, { token: admin.token });
        expect(response.status, query).toBe(200);
        expect(response.body, query).toMatchObject({ items: [], count: 0 });
      }
      const both = await call("GET", `${path}?status=draft&conversationsIssuesCluster=${ssoCluster}&topic=${ssoCluster}`, { token: admin.token });
      expect(both.body.items.length).toBeGreaterThan(0);
      expect(errorMessage(await call("GET", `${path}?conversationsIssuesCluster=not%20an%20id`, { token: admin.token }), 400)).toMatch(/^Invalid query parameter 'conversationsIssuesCluster'/);
    }
  });

  it("filters through GitBook's clients: 0.146 names the filter `conversationsIssuesCluster`, 0.202 `topic`", async () => {
    const linked = await create({ subject: "Through the clients", conversationsIssuesCluster: apiCluster });
    const organizationId = (await call("GET", `/v1/spaces/${spaceId}`, { token: admin.token })).body.organization;
    const client0146 = gitbookClient0146(admin);
    const lists = [
      (await client0146.spaces.listChangeRequestsForSpace(spaceId, { status: ChangeRequestStatus0146.Draft, conversationsIssuesCluster: apiCluster, limit: 1000 })).data.items,
      (await client0146.orgs.listChangeRequestsForOrganization(organizationId, { status: ChangeRequestStatus0146.Draft, conversationsIssuesCluster: apiCluster, limit: 1000 })).data.items,
      (await gitbookClient(admin).spaces.listChangeRequestsForSpace(spaceId, { status: ChangeRequestStatus.Draft, topic: apiCluster, limit: 1000 })).data.items,
    ];
    for (const items of lists) {
      expect(items.map((item) => item.id)).toContain(linked.id);
      // 0.202's ChangeRequest type does not name the field 0.146 returns.
      expect(items.every((item) => (item as { conversationsIssuesCluster?: string }).conversationsIssuesCluster === apiCluster)).toBe(true);
    }
  });
});
