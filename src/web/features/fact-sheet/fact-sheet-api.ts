import type {
  CreateReminderRequest,
  FactSheetExportFormat,
  FactSheetExportQuery,
  FactSheetResponse,
  ReminderListResponse,
  ReminderResponse,
} from "../../../shared/contracts/fact-sheet";
import { withQuery } from "../../../shared/paths";
import { apiRequest as request } from "../../lib/api-client";

const factSheetPath = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/fact-sheet`;

/** The sheet as a file the browser saves. */
export const factSheetExportUrl = (documentId: string, format: FactSheetExportFormat) =>
  withQuery(`${factSheetPath(documentId)}/export`, { format } satisfies FactSheetExportQuery);

export const factSheetApi = {
  /** The sheet; asking for one never read queues its reading and answers "building". */
  get: async (documentId: string) => (await request<FactSheetResponse>(factSheetPath(documentId))).factSheet,
  reminders: async (documentId: string) => (await request<ReminderListResponse>(`${factSheetPath(documentId)}/reminders`)).reminders,
  remind: async (documentId: string, body: CreateReminderRequest) =>
    (await request<ReminderResponse>(`${factSheetPath(documentId)}/reminders`, { method: "POST", body })).reminder,
  forget: (documentId: string, reminderId: string) =>
    request<void>(`${factSheetPath(documentId)}/reminders/${encodeURIComponent(reminderId)}`, { method: "DELETE" }),
};
