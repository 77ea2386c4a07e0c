import { describe, expect, it } from "vitest";
import { createSpace } from "../../helpers/content";
import { createOrganization, createUser, gitbookClient, organizationWithEveryRole } from "../../helpers/fixtures";
import { call, errorMessage } from "../../helpers/http";
import { inParallel } from "../../helpers/lists";
import { expectSpecResponse, expectSpecSchema } from "../../helpers/spec";
import { createSite, readPublished, sitePath } from "../../helpers/sites";

/** Customization of a site and of one of its site spaces (GitBook's customization operations). */

const customizationPath = (orgId: string, siteId: string) => `${sitePath(orgId, siteId)}/customization`;
const siteSpaceCustomizationPath = (orgId: string, siteId: string, siteSpaceId: string) => `${sitePath(orgId, siteId)}/site-spaces/${siteSpaceId}/customization`;

async function siteWithSpace(admin: { token: string }, orgId: string) {
  const site = await createSite(admin as never, orgId, { spaces: [(await createSpace(admin as never, orgId)).id] });
  const profile = await readPublished(admin as never, orgId, site.id);
  return { site, siteSpaceId: profile.body.structure.structure[0].id as string };
}

describe("site customization", () => {
  it("starts from complete defaults that match GitBook's schema, and replaces them wholesale on PUT", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const { site } = await siteWithSpace(fixture.admin, orgId);
    const initial = await call("GET", customizationPath(orgId, site.id), { token: fixture.read.token });
    expect(initial.status).toBe(200);
    expectSpecResponse("getSiteCustomizationById", 200, initial.body);
    expect(initial.body.updatedAt).toBeUndefined();
    expect(initial.body.styling.theme).toBe("clean");

    const put = await call("PUT", customizationPath(orgId, site.id), {
      token: fixture.create.token,
      body: {
        title: "Acme docs",
        styling: { theme: "bold", primaryColor: { light: "#0B57D0", dark: "#8AB4F8" }, codeTheme: { default: { light: "github-light", dark: "dracula" }, openapi: { light: "nord", dark: "nord" } } },
        favicon: { emoji: "🚀" },
        header: { preset: "custom", links: [{ title: "Home", to: { kind: "url", url: "https://acme.example" }, links: [] }] },
        announcement: { enabled: true, message: "We moved", style: "info" },
        pdf: { enabled: false },
        git: { showEditLink: true },
        ai: { mode: "assistant", instructions: "Be brief." },
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expectSpecResponse("updateSiteCustomizationById", 200, put.body);
    expect(put.body).toMatchObject({ title: "Acme docs", styling: { theme: "bold", corners: "rounded" }, favicon: { emoji: "🚀" }, pdf: { enabled: false } });
    expect(Math.abs(Date.parse(put.body.updatedAt) - Date.now())).toBeLessThan(60_000);
    expect((await call("GET", customizationPath(orgId, site.id), { token: fixture.read.token })).body).toEqual(put.body);

    // A full replacement: what is left out goes back to its default.
    const second = await call("PUT", customizationPath(orgId, site.id), { token: fixture.admin.token, body: { themes: { default: "dark", toggeable: false } } });
    expect(second.body.title).toBeUndefined();
    expect(second.body.styling.theme).toBe("clean");
    expect(second.body.themes).toEqual({ default: "dark", toggeable: false });

    // The published profile shows it, without the AI instructions (never published).
    await call("PUT", customizationPath(orgId, site.id), { token: fixture.admin.token, body: { ai: { mode: "assistant", instructions: "Secret tone" } } });
    const profile = await readPublished(fixture.read, orgId, site.id);
    expect(profile.body.customizations.site.ai).toEqual({ mode: "assistant" });
  });

  it("refuses unknown keys and bad values with 400 naming the key, changing nothing", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const { site } = await siteWithSpace(fixture.admin, orgId);
    const cases: Array<[unknown, string]> = [
      [{ colour: "red" }, "'colour': not a field"],
      [{ styling: { theme: "neon" } }, "'styling.theme'"],
      [{ styling: { sparkle: true } }, "'styling.sparkle': not a field"],
      [{ styling: { primaryColor: { light: "blue", dark: "#000" } } }, "'styling.primaryColor.light'"],
      [{ themes: { default: "sepia", toggeable: true } }, "'themes.default'"],
      [{ ai: { mode: "oracle" } }, "'ai.mode'"],
      [{ header: { preset: "default", links: [{ title: "x", links: [], to: { kind: "nope" } }] } }, "'header.links[0].to"],
      [{ footer: { groups: [{ links: [] }] } }, "'footer.groups[0].title': required"],
      [{ socialAccounts: [{ platform: "myspace", handle: "me", display: { footer: true, header: false } }] }, "'socialAccounts[0].platform'"],
      [{ title: "x" }, "'title'"],
      [[1, 2], "body"],
    ];
    await inParallel(cases, async ([body, expected]) => {
      const response = await call("PUT", customizationPath(orgId, site.id), { token: fixture.admin.token, body });
      expect(errorMessage(response, 400), JSON.stringify(body)).toContain(expected);
    });
    expect((await call("GET", customizationPath(orgId, site.id), { token: fixture.admin.token })).body.updatedAt).toBeUndefined();
  });

  it("is read from `read`, changed from `create`; 403 below, 404 elsewhere, 401 without a token", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const { site, siteSpaceId } = await siteWithSpace(fixture.admin, orgId);
    expect(errorMessage(await call("GET", customizationPath(orgId, site.id), { token: fixture.guest.token }), 403)).toContain("'read'");
    expect(errorMessage(await call("PUT", customizationPath(orgId, site.id), { token: fixture.review.token, body: {} }), 403)).toContain("'create'");
    expect(errorMessage(await call("PATCH", siteSpaceCustomizationPath(orgId, site.id, siteSpaceId), { token: fixture.edit.token, body: {} }), 403)).toContain("'create'");
    expect(errorMessage(await call("DELETE", siteSpaceCustomizationPath(orgId, site.id, siteSpaceId), { token: fixture.read.token }), 403)).toContain("'create'");
    errorMessage(await call("GET", customizationPath(orgId, site.id), { token: fixture.outsider.token }), 404);
    errorMessage(await call("PUT", customizationPath(orgId, "unknownSite"), { token: fixture.admin.token, body: {} }), 404);
    errorMessage(await call("GET", siteSpaceCustomizationPath(orgId, site.id, "unknownSiteSpace"), { token: fixture.admin.token }), 404);
    const other = await siteWithSpace(fixture.admin, orgId);
    errorMessage(await call("GET", siteSpaceCustomizationPath(orgId, site.id, other.siteSpaceId), { token: fixture.admin.token }), 404);
    errorMessage(await call("GET", customizationPath(orgId, site.id)), 401);
    errorMessage(await call("GET", `${customizationPath(orgId, site.id)}?unmasked=perhaps`, { token: fixture.admin.token }), 400);
  });
});

describe("site-space customization", () => {
  it("inherits the site's, overrides parts of it (null clears an override), and is removed on DELETE", async () => {
    const fixture = await organizationWithEveryRole();
    const orgId = fixture.organization.id;
    const { site, siteSpaceId } = await siteWithSpace(fixture.admin, orgId);
    await call("PUT", customizationPath(orgId, site.id), { token: fixture.admin.token, body: { styling: { theme: "muted" }, favicon: { emoji: "📘" } } });
    const path = siteSpaceCustomizationPath(orgId, site.id, siteSpaceId);
    const inherited = await call("GET", path, { token: fixture.read.token });
    expectSpecResponse("getSiteSpaceCustomizationById", 200, inherited.body);
    expect(inherited.body).toMatchObject({ hasOverrides: false, styling: { theme: "muted" }, favicon: { emoji: "📘" } });

    const overridden = await call("PATCH", path, { token: fixture.create.token, body: { styling: { theme: "gradient" }, favicon: { icon: { light: "https://acme.example/l.png", dark: "https://acme.example/d.png" } } } });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expectSpecResponse("overrideSiteSpaceCustomizationById", 200, overridden.body);
    expect(overridden.body).toMatchObject({ hasOverrides: true, styling: { theme: "gradient", corners: "rounded" }, favicon: { icon: { light: "https://acme.example/l.png" } } });
    const profile = await readPublished(fixture.read, orgId, site.id);
    expectSpecSchema("SiteCustomizationSettings", profile.body.customizations.siteSpaces[siteSpaceId]);
    expect(profile.body.customizations.siteSpaces[siteSpaceId].styling.theme).toBe("gradient");
    expect(profile.body.customizations.site.styling.theme).toBe("muted");

    const cleared = await call("PATCH", path, { token: fixture.admin.token, body: { styling: { theme: null } } });
    expect(cleared.body.styling.theme).toBe("muted");
    expect(cleared.body.hasOverrides).toBe(true);
    const bad = await call("PATCH", path, { token: fixture.admin.token, body: { styling: { theme: "neon" } } });
    expect(errorMessage(bad, 400)).toContain("'styling.theme'");
    expect(errorMessage(await call("PATCH", path, { token: fixture.admin.token, body: { sparkle: null } }), 400)).toContain("'sparkle'");

    expect((await call("DELETE", path, { token: fixture.create.token })).status).toBe(204);
    expect((await call("DELETE", path, { token: fixture.create.token })).status).toBe(204);
    expect((await call("GET", path, { token: fixture.read.token })).body).toMatchObject({ hasOverrides: false, styling: { theme: "muted" }, favicon: { emoji: "📘" } });
  });

  it("works through GitBook's client", async () => {
    const admin = await createUser("admin");
    const orgId = (await createOrganization(admin)).id;
    const { site, siteSpaceId } = await siteWithSpace(admin, orgId);
    const api = gitbookClient(admin);
    const current = (await api.orgs.getSiteCustomizationById(orgId, site.id)).data;
    const updated = (await api.orgs.updateSiteCustomizationById(orgId, site.id, { ...current, feedback: { enabled: true } })).data;
    expect(updated.feedback.enabled).toBe(true);
    expect((await api.orgs.getSiteSpaceCustomizationById(orgId, site.id, siteSpaceId)).data.feedback.enabled).toBe(true);
    const overridden = (await api.orgs.overrideSiteSpaceCustomizationById(orgId, site.id, siteSpaceId, { feedback: { enabled: false } })).data;
    expect(overridden.feedback.enabled).toBe(false);
    expect((await api.orgs.deleteSiteSpaceCustomizationById(orgId, site.id, siteSpaceId)).status).toBe(204);
  });
});
