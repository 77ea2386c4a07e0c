/** Small valid images made in code, so tests carry no binary fixtures. */

/** A 2x2 red PNG. */
export function tinyPng(): Uint8Array {
  return Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg=="),
    (character) => character.charCodeAt(0),
  );
}
