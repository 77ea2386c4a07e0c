import type { SpaceRow } from "../../db/schema";
import { spacePermissions } from "../../lib/permissions";
import type { Role } from "../../lib/roles";
import type { Urls } from "../../lib/urls";
import type { SpaceObject } from "../../schemas/space";

export function presentSpace(space: SpaceRow, level: Role, urls: Urls): SpaceObject {
  return {
    object: "space",
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    ...(space.deletedAt ? { deletedAt: space.deletedAt } : {}),
    editMode: space.editMode,
    mergeRules: space.mergeRules,
    urls: {
      location: urls.api(`/spaces/${space.id}`),
      app: urls.app(`/s/${space.id}`),
      ...(space.icon ? { icon: space.icon } : {}),
    },
    organization: space.organizationId,
    ...(space.parentId ? { parent: space.parentId } : {}),
    ...(space.language ? { language: space.language as SpaceObject["language"] } : {}),
    revision: space.revisionId,
    defaultLevel: space.defaultLevel,
    comments: space.comments,
    changeRequests: space.changeRequests,
    changeRequestsOpen: space.changeRequestsOpen,
    changeRequestsDraft: space.changeRequestsDraft,
    permissions: spacePermissions(level),
  };
}
