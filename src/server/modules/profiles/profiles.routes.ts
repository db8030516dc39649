import { Hono } from "hono";
import { profileUpdateRequestSchema } from "../../../shared/contracts/account";
import { AVATAR_UPLOAD_FIELD, AVATAR_URL_LIFETIME_SECONDS } from "../../../shared/profile";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { requireActor } from "../../http/guards";
import { jsonBody, uploadedFile } from "../../http/request-input";

/** /api/me: the signed-in person, their profile and their avatar. */
export function meRoutes(container: Pick<Container, "profiles">) {
  const { profiles } = container;
  return new Hono<AppBindings>()
    .use(requireActor())
    .use(async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    })
    .get("/", async (c) => c.json({ user: await profiles.getAppUser(c.var.actor) }))
    .patch("/profile", async (c) => {
      const changes = await jsonBody(c.req, profileUpdateRequestSchema);
      return c.json({ user: await profiles.updateProfile(c.var.actor, changes) });
    })
    .put("/avatar", async (c) => {
      const file = await uploadedFile(c.req, AVATAR_UPLOAD_FIELD, "Choose a picture to upload.");
      return c.json({ user: await profiles.setAvatar(c.var.actor, new Uint8Array(await file.arrayBuffer())) });
    })
    .delete("/avatar", async (c) => c.json({ user: await profiles.removeAvatar(c.var.actor) }));
}

/**
 * GET /api/avatars/:userId/:file — a signed avatar URL (spec section 9): the signature, not a
 * session, lets it through, so any <img> may show it until it expires; cached for 3600 s.
 */
export function avatarRoutes(container: Pick<Container, "profiles">) {
  return new Hono<AppBindings>().get("/:userId/:file", async (c) => {
    const { bytes, contentType } = await container.profiles.openAvatar(c.req.param("userId"), c.req.param("file"), c.req.query());
    c.header("Content-Type", contentType);
    c.header("Content-Length", String(bytes.byteLength));
    c.header("Cache-Control", `private, max-age=${AVATAR_URL_LIFETIME_SECONDS}`);
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    return c.body(bytes as Uint8Array<ArrayBuffer>);
  });
}
