import type { Bindings } from "../../context";

/**
 * The one way the rest of the Worker reaches a space's coordinator (durable-objects/): domain code
 * calls the object through this stub and never imports the class, which itself runs domain code
 * (a dependency that would otherwise go both ways). See docs/architecture.md, "Layers".
 */
export function spaceCoordinator(env: Pick<Bindings, "SPACE_COORDINATOR">, spaceId: string) {
  return env.SPACE_COORDINATOR.get(env.SPACE_COORDINATOR.idFromName(spaceId));
}
