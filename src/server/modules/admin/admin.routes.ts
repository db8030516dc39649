import { Hono } from "hono";
import { adminMessages } from "../../../shared/admin";
import {
  banUserRequestSchema,
  chatListQuerySchema,
  createOrganizationRequestSchema,
  documentListQuerySchema,
  jobListQuerySchema,
  organizationListQuerySchema,
  updatePlatformSettingsRequestSchema,
  userListQuerySchema,
} from "../../../shared/contracts/admin";
import type { Container } from "../../container";
import { AppError } from "../../http/app-error";
import type { AppBindings } from "../../http/bindings";
import { requirePermission } from "../../http/guards";
import { jsonBody, pathId, queryInput } from "../../http/request-input";

/** Better Auth's user ids are short random strings: anything else names nobody. */
function userId(raw: string): string {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(raw)) throw new AppError("not_found", adminMessages.userNotFound);
  return raw;
}
const jobId = (raw: string) => pathId(raw, adminMessages.jobNotFound);

/** /api/admin/* — the platform console, for the platform owner only (ADR 019). */
export function adminRoutes(container: Pick<Container, "admin">) {
  const { admin } = container;
  return new Hono<AppBindings>()
    .use(requirePermission("platform.administer"))
    .get("/overview", async (c) => c.json(await admin.overview()))
    .get("/organizations", async (c) => c.json(await admin.listOrganizations(queryInput(c.req.query(), organizationListQuerySchema))))
    .post("/organizations", async (c) => {
      const request = await jsonBody(c.req, createOrganizationRequestSchema);
      return c.json({ organization: await admin.createOrganization(c.var.actor, request) }, 201);
    })
    .get("/users", async (c) => c.json(await admin.listUsers(queryInput(c.req.query(), userListQuerySchema))))
    .post("/users/:userId/ban", async (c) => {
      const { reason } = await jsonBody(c.req, banUserRequestSchema);
      return c.json({ user: await admin.banUser(c.var.actor, userId(c.req.param("userId")), reason) });
    })
    .post("/users/:userId/unban", async (c) => c.json({ user: await admin.unbanUser(c.var.actor, userId(c.req.param("userId"))) }))
    .post("/users/:userId/sign-out", async (c) => c.json({ sessionsEnded: await admin.signOutEverywhere(c.var.actor, userId(c.req.param("userId"))) }))
    .get("/documents", async (c) => c.json(await admin.listDocuments(queryInput(c.req.query(), documentListQuerySchema))))
    .get("/chats", async (c) => c.json(await admin.listChats(queryInput(c.req.query(), chatListQuerySchema))))
    .get("/jobs", async (c) => c.json(await admin.listJobs(queryInput(c.req.query(), jobListQuerySchema))))
    .post("/jobs/:jobId/retry", async (c) => {
      await admin.retryJob(c.var.actor, jobId(c.req.param("jobId")));
      return c.body(null, 204);
    })
    .get("/system", async (c) => c.json(await admin.systemStatus()))
    .get("/settings", async (c) => c.json({ settings: await admin.getSettings() }))
    .put("/settings", async (c) => {
      const values = await jsonBody(c.req, updatePlatformSettingsRequestSchema);
      return c.json({ settings: await admin.updateSettings(c.var.actor, values) });
    });
}
