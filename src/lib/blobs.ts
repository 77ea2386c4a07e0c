/**
 * R2 key layout. Every blob that belongs to a space lives under the space's prefix, so the purge
 * finds them all by listing one prefix, whatever code wrote them.
 */
export const spaceBlobPrefix = (spaceId: string) => `spaces/${spaceId}/`;
