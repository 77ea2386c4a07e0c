import { it, expect } from "vitest";
import { createOrganization, createUser } from "../helpers/fixtures";
import { call } from "../helpers/http";
import { commitToMain, createChangeRequest, createSpace, createdPage, editContent } from "../helpers/content";

it("patch vs merge race", async () => {
  const admin = await createUser("a");
  const org = await createOrganization(admin);
  const space = await createSpace(admin, org.id);
  const seeded = await commitToMain(admin, space.id, [{ operation: "insert_page", ref: "p", title: "P", document: { markdown: "x\n" } }]);
  const p = createdPage(seeded, "p");
  const crs = [];
  for (let i = 0; i < 15; i++) {
    const cr = await createChangeRequest(admin, space.id, `c${i}`);
    await editContent(admin, space.id, cr.id, [{ operation: "insert_page", title: `T${i}`, document: { markdown: "y\n" } }]);
    crs.push(cr);
  }
  const out = await Promise.all(crs.flatMap((cr, i) => [
    call("POST", `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`, { token: admin.token }),
    ...Array.from({ length: 3 }, () => call("PATCH", `/v1/spaces/${space.id}/change-requests/${cr.id}`, { token: admin.token, body: { status: i % 2 ? "open" : "draft" } })),
  ]));
  const bad = [];
  for (const cr of crs) {
    const r = await call("GET", `/v1/spaces/${space.id}/change-requests/${cr.id}`, { token: admin.token });
    if (r.body.revisionMerged && r.body.status !== "merged") bad.push([r.body.status, r.body.revisionMerged]);
  }
  console.log("STATUSES", out.map((r) => r.status).join(","), "BAD", JSON.stringify(bad));
  const s = await call("GET", `/v1/spaces/${space.id}`, { token: admin.token });
  console.log("SPACE", s.body.changeRequests, s.body.changeRequestsOpen, s.body.changeRequestsDraft);
  expect(bad).toEqual(["force-output"]);
});
