import type { Context } from "hono";
import { Hono } from "hono";
import {
  twoFactorConfirmRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorRecoveryCodesRequestSchema,
  twoFactorRequirementSchema,
  twoFactorSignInRequestSchema,
  type TwoFactorOk,
  type TwoFactorSignInResponse,
} from "../../../shared/contracts/two-factor";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { clientIp, headersWithClientIp, requestSource } from "../../http/client-ip";
import { requireActor, requirePermission } from "../../http/guards";
import { jsonBody, pathId } from "../../http/request-input";
import { organizationMessages } from "../../../shared/organizations";

/** The request's cookies for Better Auth, with the client address our limiter resolved. */
const betterAuthHeaders = <E extends AppBindings>(c: Context<E>, trustProxy: boolean) => headersWithClientIp(c.req.raw.headers, clientIp(c, trustProxy));

/** Better Auth's new cookies (a replaced session, a trusted device) reach the browser. */
function forwardCookies<E extends AppBindings>(c: Context<E>, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
}

/** /api/me/two-factor: the signed-in person's own two-factor sign-in (the profile's Security tab, or the set-up an organization requires). */
export function twoFactorRoutes(container: Pick<Container, "env" | "twoFactor">) {
  const { twoFactor } = container;
  const { trustProxy } = container.env.auth;
  return new Hono<AppBindings>()
    .use(requireActor())
    .get("/", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await twoFactor.status(c.var.actor));
    })
    .post("/enable", async (c) => {
      const body = await jsonBody(c.req, twoFactorEnableRequestSchema);
      c.header("Cache-Control", "no-store");
      return c.json(await twoFactor.enable(c.var.actor, body, betterAuthHeaders(c, trustProxy)));
    })
    .post("/confirm", async (c) => {
      const body = await jsonBody(c.req, twoFactorConfirmRequestSchema);
      forwardCookies(c, await twoFactor.confirm(c.var.actor, body, betterAuthHeaders(c, trustProxy)));
      return c.json({ enabled: true } satisfies TwoFactorOk);
    })
    .post("/recovery-codes", async (c) => {
      const body = await jsonBody(c.req, twoFactorRecoveryCodesRequestSchema);
      c.header("Cache-Control", "no-store");
      return c.json(await twoFactor.regenerateRecoveryCodes(c.var.actor, body, betterAuthHeaders(c, trustProxy)));
    })
    .post("/disable", async (c) => {
      const body = await jsonBody(c.req, twoFactorDisableRequestSchema);
      forwardCookies(c, await twoFactor.disable(c.var.actor, body, betterAuthHeaders(c, trustProxy)));
      return c.json({ enabled: false } satisfies TwoFactorOk);
    });
}

/** POST /api/auth/two-factor: a sign-in's second step, for a browser that passed the first (Better Auth's challenge cookie says who). */
export function twoFactorSignInRoutes(container: Pick<Container, "env" | "twoFactor">) {
  const { trustProxy } = container.env.auth;
  return new Hono<AppBindings>().post("/", async (c) => {
    const body = await jsonBody(c.req, twoFactorSignInRequestSchema);
    forwardCookies(c, await container.twoFactor.finishSignIn(body, betterAuthHeaders(c, trustProxy), requestSource(c, trustProxy)));
    return c.json({ signedIn: true } satisfies TwoFactorSignInResponse);
  });
}

const organizationId = (raw: string) => pathId(raw, organizationMessages.organizationNotFound);

/** /api/organizations/:organizationId/two-factor: whether the organization requires two-factor sign-in of its members (its admins). */
export function organizationTwoFactorRoutes(container: Pick<Container, "twoFactor">) {
  const { twoFactor } = container;
  return new Hono<AppBindings>()
    .use(requirePermission("organization.manage"))
    .get("/:organizationId/two-factor", async (c) =>
      c.json(await twoFactor.getOrganizationRequirement(c.var.actor, organizationId(c.req.param("organizationId")))),
    )
    .put("/:organizationId/two-factor", async (c) => {
      const body = await jsonBody(c.req, twoFactorRequirementSchema);
      return c.json(await twoFactor.setOrganizationRequirement(c.var.actor, organizationId(c.req.param("organizationId")), body));
    });
}

/** /api/admin/two-factor: whether the platform requires two-factor sign-in of its owners (the platform owner). */
export function platformTwoFactorRoutes(container: Pick<Container, "twoFactor">) {
  const { twoFactor } = container;
  return new Hono<AppBindings>()
    .use(requirePermission("platform.administer"))
    .get("/", async (c) => c.json(await twoFactor.getPlatformRequirement()))
    .put("/", async (c) => c.json(await twoFactor.setPlatformRequirement(c.var.actor, await jsonBody(c.req, twoFactorRequirementSchema))));
}
