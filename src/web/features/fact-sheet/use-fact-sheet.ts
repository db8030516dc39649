import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "../../lib/live-events";
import { factSheetApi } from "./fact-sheet-api";

export const factSheetKeys = {
  all: ["fact-sheets"] as const,
  detail: (documentId: string) => ["fact-sheets", documentId] as const,
};

/** While a sheet is being read: a safety net should the live stream be cut by a proxy. */
const BUILDING_POLL_MS = 5_000;

/** A document's fact sheet, refetched when the server says one was read again. */
export function useFactSheet(documentId: string | undefined) {
  const queryClient = useQueryClient();
  useLiveEvents("fact_sheet", () => queryClient.invalidateQueries({ queryKey: factSheetKeys.all }));
  return useQuery({
    queryKey: factSheetKeys.detail(documentId ?? ""),
    queryFn: () => factSheetApi.get(documentId!),
    enabled: documentId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === "building" ? BUILDING_POLL_MS : false),
  });
}
