import { beforeAll } from "vitest";
import { organizationWithEveryRole } from "../fixtures";

/**
 * The fixture the space, content and change-request suites share: one organization with a member
 * of every role. Each test file calls `useSuiteFixture()` once at its top level; the describes
 * then make their own spaces in it.
 */

export type Fixture = Awaited<ReturnType<typeof organizationWithEveryRole>>;

export let f: Fixture;

export let orgId: string;

/** Registers the fixture hooks in the test file that calls it. */
export function useSuiteFixture() {
  beforeAll(async () => {
    f = await organizationWithEveryRole();
    orgId = f.organization.id;
  }, 60_000);
}
