import type {
  CreateReminderRequest,
  FactSheetExportFormat,
  FactSheetExportQuery,
  FactSheetResponse,
  FactValueReviewResponse,
  ReminderListResponse,
  ReminderResponse,
  ReviewFactValueInput,
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
  /** Confirms a value as read, or corrects it (ADR 032). */
  review: async (documentId: string, body: ReviewFactValueInput) =>
    (await request<FactValueReviewResponse>(`${factSheetPath(documentId)}/reviews`, { method: "POST", body })).review,
  /** The value shows as read again. */
  removeReview: (documentId: string, reviewId: string) =>
    request<void>(`${factSheetPath(documentId)}/reviews/${encodeURIComponent(reviewId)}`, { method: "DELETE" }),
};
