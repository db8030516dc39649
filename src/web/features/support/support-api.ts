import type { FeedbackRequest, HelpRequest, ProblemReportRequest, SupportRequestResponse } from "../../../shared/contracts/support";
import { apiRequest } from "../../lib/api-client";

export const supportApi = {
  sendFeedback: (request: FeedbackRequest) => apiRequest<SupportRequestResponse>("/api/support/feedback", { body: request }),
  sendHelpRequest: (request: HelpRequest) => apiRequest<SupportRequestResponse>("/api/support/help", { body: request }),
  reportProblem: (request: ProblemReportRequest) => apiRequest<SupportRequestResponse>("/api/support/problem-reports", { body: request }),
};
