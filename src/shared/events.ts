import type { Permission } from "./access";

/**
 * Live events: what the server pushes to browsers over the one stream, GET /api/events (ADR 014).
 * An event names what changed, never its contents: the browser refetches what it shows.
 */

export const LIVE_EVENTS_PATH = "/api/events";

/** How a row changed. */
export type RowChange = "insert" | "update" | "delete";

export type LiveEvent =
  /** One of the person's documents was uploaded, renamed, deleted, or moved on in processing (status, progress). */
  | { type: "document"; change: RowChange; documentId: string }
  /** One of the person's conversations started, was renamed, deleted, or got a new message. */
  | { type: "chat_session"; change: RowChange; sessionId: string }
  /** The person's credits or subscription changed: a charge, a refund, a purchase, a new period. */
  | { type: "credits" }
  /** A document's fact sheet was read again (or its reading failed). */
  | { type: "fact_sheet"; documentId: string };

export type LiveEventType = LiveEvent["type"];

/** The events about a person's document, which their organization's admins may follow too (ADR 040). */
export type DocumentLiveEvent = Extract<LiveEvent, { type: "document" | "fact_sheet" }>;

export const liveEventTypes = ["document", "chat_session", "credits", "fact_sheet"] as const satisfies readonly LiveEventType[];

/** Who may receive each event: the permission whose reach must cover the event's address. */
export const liveEventPermissions: Record<LiveEventType, Permission> = {
  // Whoever may read the document: its owner, and their organization's admins (ADR 040).
  document: "documents.read",
  chat_session: "chat.use",
  credits: "billing.manage",
  fact_sheet: "documents.read",
};

/**
 * Whom an event is about: one user's things, an organization's, or the whole platform's. Only
 * user-addressed events exist today; organizations and the platform console will add the others.
 */
export type EventAddress =
  /** `organizationId`: the organization the person belonged to when the event was sent, for grants whose reach is the organization. */
  { to: "user"; userId: string; organizationId?: string | null } | { to: "organization"; organizationId: string } | { to: "platform" };

export interface AddressedEvent {
  address: EventAddress;
  event: LiveEvent;
}

/**
 * Sent on an open stream when the server may have missed events for it (its database listener
 * was reconnected): the browser refetches everything it keeps live.
 */
export const RESYNC_EVENT = "resync";
