import { liveEventTypes, type AddressedEvent, type DocumentLiveEvent, type EventAddress, type LiveEvent } from "../../../shared/events";
import type { ChangeFeed } from "../../adapters/events/change-feed";
import type { Database } from "../../db/client";
import type { LiveEventsRepo } from "./live-events.repo";

/** Every live event of every kind travels on this one NOTIFY channel; streams pick theirs by address. */
export const LIVE_EVENTS_CHANNEL = "live_events";

/** Announces `event` to whoever `address` reaches; inside the transaction `within`, once it commits. */
export type PublishLiveEvent = (address: EventAddress, event: LiveEvent, within?: Database) => Promise<void>;

export interface LiveEventSubscriber {
  onEvent(addressed: AddressedEvent): void;
  /** Events may have been lost (the feed's connection was replaced): whoever listens should refetch. */
  onMissed(): void;
}

/**
 * Announces an event about a person's document to them and, with the organization they belong to
 * on its address, to whoever may read their documents there (its admins, ADR 040); inside `within`.
 */
export type PublishDocumentEvent = (ownerId: string, event: DocumentLiveEvent, within?: Database) => Promise<void>;

export const userAddress = (userId: string): EventAddress => ({ to: "user", userId });

/** NOTIFY is open to any session of the database: only a well-formed event is passed on. */
function isAddressedEvent(payload: unknown): payload is AddressedEvent {
  if (typeof payload !== "object" || payload === null) return false;
  const { address, event } = payload as Partial<AddressedEvent>;
  return typeof address?.to === "string" && (liveEventTypes as readonly unknown[]).includes(event?.type);
}

/** Live events over the change feed: publish from any process, subscribe in the one serving a stream. */
export function createLiveEvents(feed: ChangeFeed, repo: LiveEventsRepo) {
  const publish: PublishLiveEvent = (address, event, within) => feed.publish(LIVE_EVENTS_CHANNEL, { address, event } satisfies AddressedEvent, within);
  const publishAboutDocument: PublishDocumentEvent = async (ownerId, event, within) =>
    publish({ to: "user", userId: ownerId, organizationId: await repo.findOrganizationOf(ownerId, within) }, event, within);
  return {
    publish,
    publishAboutDocument,
    subscribe: (subscriber: LiveEventSubscriber) =>
      feed.subscribe(LIVE_EVENTS_CHANNEL, {
        onNotification: (payload) => {
          if (isAddressedEvent(payload)) subscriber.onEvent(payload);
        },
        onMissed: () => subscriber.onMissed(),
      }),
  };
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;
