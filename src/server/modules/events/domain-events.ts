import type { Database } from "../../db/client";
import type { EnqueueOptions } from "../../jobs/job-queue";
import type { JobType } from "../../jobs/job-type";
import type { Jobs } from "../../jobs/jobs";

/**
 * What one module tells the others happened. The emitter names the event inside the transaction
 * that made the change; each module that acts on it has subscribed a job type, so its reaction is
 * a job that exists if and only if the change committed, and runs (and is retried) in whichever
 * worker process is free — or, for the few reactions that must commit with the change itself, its
 * own writes in that same transaction. No module imports another's service, and nothing is lost
 * when a process stops between the commit and the reaction (ADR 036).
 */
export interface DomainEventPayloads {
  /** A paid period began, a credit was bought or given back: the person's documents waiting for a credit can start. */
  "billing.credits-arrived": { userId: string };
  /** An organization's plan gave its members access (a trial, enterprise, a reactivation). */
  "organizations.plan-opened": { userId: string };
  /** An organization was suspended: its member's work waiting in the queue stops. */
  "organizations.suspended": { userId: string };
  /** A document's first processing ended in failure; `isOurFault` is false when the document itself cannot be read. */
  "documents.processing-failed": { documentId: string; isOurFault: boolean };
  /** A document's processing (or reprocessing) completed: its pages and passages are new, at `passagesVersion`. */
  "documents.processed": { documentId: string; userId: string; passagesVersion: number };
}

export type DomainEventName = keyof DomainEventPayloads;

/** The job one event asks of a subscriber, or undefined when this event asks nothing of it. */
export type Reaction<Payload> = ({ payload: Payload } & EnqueueOptions) | undefined;

export interface DomainEvents {
  /** The subscriber's `type` (registered by the subscriber) reacts to `name`: `toJob` says with which job. */
  on<Name extends DomainEventName, Payload>(name: Name, type: JobType<Payload>, toJob: (event: DomainEventPayloads[Name]) => Reaction<Payload>): void;
  /**
   * `react` writes the subscriber's own rows inside the emitter's transaction: for a reaction that
   * must hold from the same commit (a suspended organization's queued work stops with the
   * suspension, so no worker starts it in between). Its failure fails the change.
   */
  within<Name extends DomainEventName>(name: Name, react: (tx: Database, event: DomainEventPayloads[Name]) => Promise<void>): void;
  /** Inside the emitter's transaction `tx`: enqueues every subscriber's job with it. */
  emit<Name extends DomainEventName>(tx: Database, name: Name, event: DomainEventPayloads[Name]): Promise<void>;
  /** After that transaction committed: this process's worker looks for the reactions now; other workers find them at their next poll. */
  wakeWorker(): void;
}

type Subscription = (tx: Database, event: never) => Promise<void>;

export function createDomainEvents(jobs: Pick<Jobs, "enqueue" | "poke">): DomainEvents {
  const subscriptions = new Map<DomainEventName, Subscription[]>();
  const subscribe = (name: DomainEventName, subscription: Subscription) => subscriptions.set(name, [...(subscriptions.get(name) ?? []), subscription]);
  return {
    on(name, type, toJob) {
      const subscription = async (tx: Database, event: DomainEventPayloads[typeof name]) => {
        const reaction = toJob(event);
        if (!reaction) return;
        const { payload, ...options } = reaction;
        await jobs.enqueue(tx, type, payload, options);
      };
      subscribe(name, subscription as Subscription);
    },
    within(name, react) {
      subscribe(name, react as Subscription);
    },
    async emit(tx, name, event) {
      for (const subscription of subscriptions.get(name) ?? []) await subscription(tx, event as never);
    },
    wakeWorker: () => jobs.poke(),
  };
}
