import type { CollectionRow } from "../../db/schema";
import { collectionPermissions } from "../../lib/permissions";
import type { Role } from "../../lib/roles";
import type { Urls } from "../../lib/urls";
import type { CollectionObject } from "../../schemas/collection";

export function presentCollection(collection: CollectionRow, level: Role, urls: Urls): CollectionObject {
  return {
    object: "collection",
    id: collection.id,
    title: collection.title,
    ...(collection.description !== null ? { description: collection.description } : {}),
    organization: collection.organizationId,
    ...(collection.parentId ? { parent: collection.parentId } : {}),
    defaultLevel: collection.defaultLevel,
    urls: { location: urls.api(`/collections/${collection.id}`), app: urls.app(`/c/${collection.id}`) },
    permissions: collectionPermissions(level),
  };
}
