import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";
import { createQueryClient } from "../../lib/query-client";
import { useForgetInvitationOnSessionChange } from "./session";

function SessionChanges() {
  useForgetInvitationOnSessionChange();
  return null;
}

/** Everything that talks to the API (sign-in pages and the app) shares one query cache. */
export function SessionRoot() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionChanges />
      <Outlet />
    </QueryClientProvider>
  );
}
