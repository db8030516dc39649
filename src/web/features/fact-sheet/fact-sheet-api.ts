import type { FactSheetResponse } from "../../../shared/contracts/fact-sheet";
import { apiRequest as request } from "../../lib/api-client";

const factSheetPath = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/fact-sheet`;

export const factSheetApi = {
  /** The sheet; asking for one never read queues its reading and answers "building". */
  get: async (documentId: string) => (await request<FactSheetResponse>(factSheetPath(documentId))).factSheet,
};
