import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StripeApiCall {
  path: string;
  form: URLSearchParams;
}

/**
 * A local stand-in for the two Stripe API calls billing makes (Checkout and Billing Portal
 * sessions): records each form-encoded request and answers with a session URL.
 */
export async function startStripeApiServer() {
  const calls: StripeApiCall[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const path = request.url ?? "";
      calls.push({ path, form: new URLSearchParams(body) });
      const id = `${path.includes("billing_portal") ? "bps" : "cs"}_test_${calls.length}`;
      const known = path === "/v1/checkout/sessions" || path === "/v1/billing_portal/sessions";
      response.writeHead(known ? 200 : 404, { "Content-Type": "application/json" });
      response.end(
        JSON.stringify(
          known
            ? { id, object: path.includes("billing_portal") ? "billing_portal.session" : "checkout.session", url: `https://stripe.test/${id}` }
            : { error: { type: "invalid_request_error", message: `Unrecognized request URL (POST: ${path})` } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
