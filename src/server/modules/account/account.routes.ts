import { isAPIError } from "better-auth/api";
import type { Context } from "hono";
import { Hono } from "hono";
import {
  closeAccountRequestSchema,
  emailChangeConfirmRequestSchema,
  emailChangeRequestSchema,
  emailChangeResendRequestSchema,
} from "../../../shared/contracts/account";
import type { Auth } from "../../auth/auth";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requestSource } from "../../http/client-ip";
import { requireActor } from "../../http/guards";
import { jsonBody } from "../../http/request-input";
import type { VerifyPassword } from "./email-change.service";

/** Better Auth checks the password of the session the request carries; a wrong one is false, anything else a failure. */
function verifyPasswordOf(auth: Auth, c: Pick<Context, "req">): VerifyPassword {
  return async (password) => {
    try {
      await auth.api.verifyPassword({ body: { password }, headers: c.req.raw.headers });
      return true;
    } catch (error) {
      if (isAPIError(error) && error.status === "BAD_REQUEST") return false;
      throw error;
    }
  };
}

/** /api/account: the email change, signed-in sessions, and closing the account. */
export function accountRoutes(container: Pick<Container, "account" | "auth" | "emailChange">) {
  const { account, emailChange, auth } = container;
  return new Hono<AppBindings>()
    .use(requireActor())
    .post("/email-change", async (c) => {
      const request = await jsonBody(c.req, emailChangeRequestSchema);
      return c.json(await emailChange.request(c.var.actor, request, verifyPasswordOf(auth, c)));
    })
    .get("/sessions", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ sessions: await account.listSessions(c.var.actor) });
    })
    .post("/sessions/sign-out-others", async (c) => c.json({ signedOut: await account.signOutOthers(c.var.actor) }))
    .delete("/sessions/:sessionId", async (c) => {
      await account.signOutSession(c.var.actor, c.req.param("sessionId"));
      return c.body(null, 204);
    })
    .post("/close", async (c) => {
      const { password } = await jsonBody(c.req, closeAccountRequestSchema);
      await account.close(c.var.actor, password, verifyPasswordOf(auth, c));
      return c.json({ closed: true as const });
    });
}

/**
 * /api/auth/email-change: the codes of an email change, typed on /auth/code?type=email_change
 * (or followed from their link): no session needed, rate-limited like the other emailed secrets.
 */
export function emailChangeCodeRoutes(container: Pick<Container, "emailChange" | "env">) {
  const { emailChange } = container;
  return new Hono<AppBindings>()
    .post("/confirm", async (c) =>
      c.json(await emailChange.confirm(await jsonBody(c.req, emailChangeConfirmRequestSchema), requestSource(c, container.env.auth.trustProxy))),
    )
    .post("/resend", async (c) => {
      const { email } = await jsonBody(c.req, emailChangeResendRequestSchema);
      await emailChange.resend(email);
      return c.json({ ok: true as const });
    });
}
