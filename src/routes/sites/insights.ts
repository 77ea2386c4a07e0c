import { aggregateSiteEvents } from "../../domain/sites/insights/aggregate";
import { trackSiteEvents } from "../../domain/sites/insights/track";
import { AggregateSiteEventsBody, AggregateSiteEventsResult, TrackSiteEventsBody } from "../../schemas/site-insights";
import { SiteParams } from "../params";
import { createRouter, errorResponses, jsonBody, jsonResponse, noContent, userRoute } from "../shared";

const tags = ["site-insights"];

/** Site insights (GitBook's `trackEventsInSiteById` and `aggregateSiteEvents`). */
export const siteInsightsRoutes = createRouter()
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/sites/{siteId}/insights/events",
      operationId: "trackEventsInSiteById",
      permission: { site: "viewSites", note: "Events are stored in the background: those naming a section, site space or space that is not of this site are dropped." },
      readsPublished: true,
      summary: "Track events of a published site: page views, searches, feedback, link clicks… (at most 100 per request, each within 5 minutes of now)",
      tags,
      request: { params: SiteParams, body: jsonBody(TrackSiteEventsBody) },
      responses: { 204: noContent("Events have been tracked."), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      await trackSiteEvents(c.get("visitorContext") ?? c.get("callerContext"), organizationId, siteId, c.req.valid("json").events);
      return c.body(null, 204);
    },
  )
  .openapi(
    userRoute({
      method: "post",
      path: "/orgs/{organizationId}/sites/{siteId}/insights/events/aggregate",
      operationId: "aggregateSiteEvents",
      permission: { site: "viewSites" },
      summary: "Count a site's events over a time range: per page, per day (or hour, week, month), per event type…, filtered, ordered and limited",
      tags,
      request: { params: SiteParams, body: jsonBody(AggregateSiteEventsBody) },
      responses: { 200: jsonResponse(AggregateSiteEventsResult, "Aggregated events in the site."), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { organizationId, siteId } = c.req.valid("param");
      return c.json(await aggregateSiteEvents(c.get("callerContext"), organizationId, siteId, c.req.valid("json")), 200);
    },
  );
