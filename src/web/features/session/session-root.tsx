import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";
import { useForgetInvitationOnSessionChange } from "./session";

function SessionChanges() {
  useForgetInvitationOnSessionChange();
  return null;
}

/** Everything that talks to the API (sign-in pages and the app) shares one query cache. */
export function SessionRoot() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionChanges />
      <Outlet />
    </QueryClientProvider>
  );
}
