import type {
  ContractDetailsListResponse,
  ContractDetailsResponse,
  PortfolioCalendarResponse,
  PortfolioExportFormat,
  PortfolioExportQuery,
  PortfolioResponse,
  PortfolioSettings,
  PortfolioSettingsResponse,
  PortfolioView,
} from "../../../shared/contracts/portfolio";
import { withQuery } from "../../../shared/paths";
import { apiRequest as request } from "../../lib/api-client";

const viewQuery = (view: PortfolioView) => ({ filters: view.filters.join(",") || undefined, sort: view.sort, order: view.order });

/** The portfolio as a file the browser saves, with the view's filters and order. */
export const portfolioExportUrl = (view: PortfolioView, format: PortfolioExportFormat) =>
  withQuery("/api/portfolio/export", { ...viewQuery(view), format } satisfies Record<keyof PortfolioExportQuery, string | undefined>);

export const contractsApi = {
  portfolio: (view: PortfolioView, page: number) => request<PortfolioResponse>(withQuery("/api/portfolio", { ...viewQuery(view), page: String(page) })),
  calendar: () => request<PortfolioCalendarResponse>("/api/portfolio/calendar"),
  settings: async () => (await request<PortfolioSettingsResponse>("/api/portfolio/settings")).settings,
  saveSettings: async (settings: PortfolioSettings) =>
    (await request<PortfolioSettingsResponse>("/api/portfolio/settings", { method: "PUT", body: settings })).settings,
  library: async () => (await request<ContractDetailsListResponse>("/api/documents/contract-details")).contracts,
  savePayer: async (documentId: string, payer: string | null) =>
    (await request<ContractDetailsResponse>(`/api/documents/${encodeURIComponent(documentId)}/contract-details`, { method: "PUT", body: { payer } })).contract,
};
