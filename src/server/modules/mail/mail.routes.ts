import { Hono } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import type { EmailDeliveryResponse } from "../../../shared/contracts/auth";
import type { Container } from "../../container";
import type { AppBindings } from "../../http/bindings";
import { EMAIL_DELIVERY_COOKIE, EMAIL_DELIVERY_RECEIPT_SECONDS } from "./email-deliveries";

const EMAIL_DELIVERY_PATH = "/api/email-delivery";

/**
 * GET /api/email-delivery: how the sign-in email this browser last asked for is going. Anyone may
 * ask (the code screens are signed out); the answer is about this browser's own receipt only.
 */
export function emailDeliveryRoutes(container: Pick<Container, "emailDeliveries">) {
  return new Hono<AppBindings>().get("/", async (c) => {
    const answer: EmailDeliveryResponse = { delivery: await container.emailDeliveries.deliveryOf(getCookie(c, EMAIL_DELIVERY_COOKIE)) };
    c.header("Cache-Control", "no-store");
    return c.json(answer);
  });
}

/** The auth handler's answer to a request that sent an email, with this browser's receipt for it (read only by the route above). */
export function withEmailDeliveryReceipt(response: Response, receipt: string, isHttps: boolean): Response {
  const headers = new Headers(response.headers);
  headers.append(
    "Set-Cookie",
    generateCookie(EMAIL_DELIVERY_COOKIE, receipt, {
      path: EMAIL_DELIVERY_PATH,
      httpOnly: true,
      sameSite: "Lax",
      secure: isHttps,
      maxAge: EMAIL_DELIVERY_RECEIPT_SECONDS,
    }),
  );
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
