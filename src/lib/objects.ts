/** The given keys of `object` whose values are not undefined: the fields a PATCH body sets. */
export function pick<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((key) => object[key] !== undefined).map((key) => [key, object[key]])) as Partial<
    Pick<T, K>
  >;
}
