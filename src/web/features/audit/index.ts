// The audit log's views, for the account page, the organization admin page and the platform console.
export { AuditChainStatus, AuditLog } from "./audit-log";
