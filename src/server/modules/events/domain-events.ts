/**
 * What one module tells the others happened, in this process, after its own change committed.
 * The module that acts on an event subscribes to it itself, so no module imports another's service
 * and the container only hands every module the same bus.
 */
export interface DomainEventPayloads {
  /** A paid period began or a credit was bought: the person's documents waiting for a credit can start. */
  "billing.credits-arrived": { userId: string };
  /** An organization's plan gave its members access (a trial, enterprise, a reactivation). */
  "organizations.plan-opened": { userId: string };
  /** An organization was suspended: its member's work waiting in the queue stops. */
  "organizations.suspended": { userId: string };
  /** A document's processing ended in failure; `isOurFault` is false when the document itself cannot be read. */
  "documents.processing-failed": { documentId: string; isOurFault: boolean };
  /** A document's processing (or reprocessing) completed: its pages and passages are new. */
  "documents.processed": { documentId: string; userId: string };
}

export type DomainEventName = keyof DomainEventPayloads;
export type DomainEventHandler<Name extends DomainEventName> = (payload: DomainEventPayloads[Name]) => Promise<unknown>;

export interface DomainEvents {
  on<Name extends DomainEventName>(name: Name, handler: DomainEventHandler<Name>): void;
  /** Runs every handler in the order they subscribed; a handler's failure reaches the emitter, as a direct call's would. */
  emit<Name extends DomainEventName>(name: Name, payload: DomainEventPayloads[Name]): Promise<void>;
}

export function createDomainEvents(): DomainEvents {
  const handlers = new Map<DomainEventName, DomainEventHandler<never>[]>();
  return {
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as DomainEventHandler<never>]);
    },
    async emit(name, payload) {
      for (const handler of handlers.get(name) ?? []) await (handler as DomainEventHandler<typeof name>)(payload);
    },
  };
}
