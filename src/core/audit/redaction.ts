import type { AuditDetailValue } from "./chain";

/**
 * The only keys an audit event's details may hold (ADR 020). Details say what changed in ids,
 * names, roles, counts and settings; passwords, codes, tokens, contract text and chat text have
 * no key here, so they cannot be recorded even by mistake: anything else is dropped.
 */
export const allowedAuditDetailKeys = [
  "method",
  "reason",
  "role",
  "previousRole",
  "previousName",
  "newName",
  "previousEmail",
  "newEmail",
  "fields",
  "plan",
  "status",
  "quantity",
  "credits",
  "source",
  "trigger",
  "pageCount",
  "sessionsEnded",
  "jobType",
  "documentId",
  "chatSessionId",
  "messageId",
  "domain",
  "domains",
  "invitationId",
  "membershipId",
  "httpMethod",
  "path",
  "errorCode",
  "suppressed",
  "rows",
  "filters",
  "chain",
  "throughSeq",
  "throughHash",
  "deleted",
  "format",
  "field",
  "productLine",
  "page",
  "maxUsers",
  "storageLimitGb",
  "monthlyCredits",
  "trialDays",
  "trialEndsAt",
  "organizationStatus",
  "defaultMaxUsers",
  "defaultStorageLimitGb",
  "defaultMonthlyCredits",
  "emailPasswordEnabled",
  "azureAdEnabled",
  "defaultMethod",
  "azureTenantIds",
  "requireTwoFactor",
  "requireTwoFactorForOwners",
  "trustedDevice",
] as const;
export type AuditDetailKey = (typeof allowedAuditDetailKeys)[number];
export type AuditDetails = Partial<Record<AuditDetailKey, unknown>>;

const allowedKeys = new Set<string>(allowedAuditDetailKeys);
export const MAX_DETAIL_TEXT = 256;
const MAX_DETAIL_LIST = 50;

/** Characters PostgreSQL refuses in text and jsonb (NUL): one would make the database reject the whole event. */
const REFUSED_CHARACTER = String.fromCharCode(0);

/**
 * Text as an event may store it: every character the database refuses replaced by U+FFFD, so a
 * request path or name holding one (a `%00` probe) is recorded, visibly cleaned, instead of lost.
 */
export function cleanAuditText<T extends string | null>(text: T): T {
  return (text === null ? text : text.replaceAll(REFUSED_CHARACTER, "\uFFFD")) as T;
}

function cleanValue(value: unknown): AuditDetailValue | undefined {
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string") return cleanAuditText(value.length > MAX_DETAIL_TEXT ? `${value.slice(0, MAX_DETAIL_TEXT - 1)}…` : value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const texts = value.filter((item): item is string | number => typeof item === "string" || typeof item === "number").slice(0, MAX_DETAIL_LIST);
    return texts.map((item) => String(cleanValue(item)));
  }
  return undefined;
}

/**
 * Details as they may be stored: allowed keys only, values flat (text cut to 256 characters, lists
 * of at most 50 texts); `dropped` names what was refused, for a warning in the log.
 */
export function redactAuditDetails(details: Record<string, unknown>): { details: Record<string, AuditDetailValue>; dropped: string[] } {
  const kept: Record<string, AuditDetailValue> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (value === undefined) continue;
    const cleaned = allowedKeys.has(key) ? cleanValue(value) : undefined;
    if (cleaned === undefined) dropped.push(key);
    else kept[key] = cleaned;
  }
  return { details: kept, dropped };
}

export function isAllowedAuditDetailKey(key: string): boolean {
  return allowedKeys.has(key);
}
