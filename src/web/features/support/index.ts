// What other features use of support: its three dialogs.
export { ProblemReportDialog, type ReportedAnswer } from "./problem-report-dialog";
export { FeedbackDialog, HelpDialog } from "./support-request-dialogs";
