import { paths } from "../../../shared/paths";
import type { Database } from "../../db/client";
import { localCheckouts } from "../../db/schema/index";
import type { PaymentGateway } from "./payment-gateway";

/**
 * The embedded default: checkouts are rows confirmed on this app's own test-mode page
 * (/billing/checkout/:id) and the portal is /billing/portal. Nothing is charged.
 */
export function createLocalGateway(db: Database, publicUrl: string): PaymentGateway {
  async function checkout(userId: string, kind: "subscription" | "credit", planKey: string | null): Promise<string> {
    const [row] = await db.insert(localCheckouts).values({ userId, kind, planKey }).returning({ id: localCheckouts.id });
    return `${publicUrl}${paths.localCheckout(row!.id)}`;
  }
  return {
    kind: "local",
    createSubscriptionCheckout: (request) => checkout(request.userId, "subscription", request.plan),
    createCreditCheckout: (request) => checkout(request.userId, "credit", null),
    createPortalSession: async () => `${publicUrl}${paths.localPortal}`,
  };
}
