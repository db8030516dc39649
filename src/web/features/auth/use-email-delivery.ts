import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { EmailDeliveryResponse, EmailDeliveryStatus } from "../../../shared/contracts/auth";
import { apiRequest } from "../../lib/api-client";

const emailDeliveryKey = ["email-delivery"] as const;
/** Sending takes seconds; a failing server is retried over about 14 minutes. */
const POLL_MS: Partial<Record<EmailDeliveryStatus, number>> = { sending: 3000, retrying: 10_000 };

/**
 * How the code email this browser last asked for is going (GET /api/email-delivery), asked again
 * while it is still on its way; only when it went to `email`. `restart` asks afresh after a resend.
 */
export function useEmailDelivery(email: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: emailDeliveryKey,
    queryFn: () => apiRequest<EmailDeliveryResponse>("/api/email-delivery"),
    enabled: Boolean(email),
    refetchInterval: (current) => {
      const status = current.state.data?.delivery?.status;
      return (status && POLL_MS[status]) ?? false;
    },
  });
  const delivery = query.data?.delivery;
  const restart = useCallback(() => void queryClient.invalidateQueries({ queryKey: emailDeliveryKey }), [queryClient]);
  const isForThisAddress = Boolean(email && delivery && delivery.email === email.trim().toLowerCase());
  return { delivery: isForThisAddress ? delivery : undefined, restart };
}
