import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PortfolioSettings, PortfolioView } from "../../../shared/contracts/portfolio";
import { useLiveEvents } from "../../lib/live-events";
import { contractsApi } from "./contracts-api";

export const contractKeys = {
  all: ["contracts"] as const,
  library: () => [...contractKeys.all, "library"] as const,
  portfolio: (view: PortfolioView, page: number) => [...contractKeys.all, "portfolio", view, page] as const,
  calendar: () => [...contractKeys.all, "calendar"] as const,
  settings: () => [...contractKeys.all, "settings"] as const,
};

/** A fact sheet read or a document gone changes the terms: every contract list is fetched again. */
function useContractEvents() {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: contractKeys.all });
  useLiveEvents("fact_sheet", refetch);
  useLiveEvents("document", refetch);
}

/** One's own agreements' terms, by document id, for the library. */
export function useLibraryContracts() {
  useContractEvents();
  return useQuery({
    queryKey: contractKeys.library(),
    queryFn: contractsApi.library,
    select: (contracts) => new Map(contracts.map((row) => [row.documentId, row])),
  });
}

export function usePortfolio(view: PortfolioView, page: number) {
  useContractEvents();
  return useQuery({ queryKey: contractKeys.portfolio(view, page), queryFn: () => contractsApi.portfolio(view, page), placeholderData: keepPreviousData });
}

export function usePortfolioCalendar() {
  return useQuery({ queryKey: contractKeys.calendar(), queryFn: contractsApi.calendar });
}

export function usePortfolioSettings(isAdmin: boolean) {
  return useQuery({ queryKey: contractKeys.settings(), queryFn: contractsApi.settings, enabled: isAdmin });
}

export function useSavePortfolioSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PortfolioSettings) => contractsApi.saveSettings(settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.settings() }),
  });
}

export function useSavePayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, payer }: { documentId: string; payer: string | null }) => contractsApi.savePayer(documentId, payer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}
