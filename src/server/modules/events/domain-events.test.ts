import { describe, expect, it } from "vitest";
import { createDomainEvents } from "./domain-events";

describe("domain events", () => {
  it("runs every handler of an event, in the order they subscribed, and none of another event", async () => {
    const events = createDomainEvents();
    const calls: string[] = [];
    events.on("billing.credits-arrived", async ({ userId }) => calls.push(`first ${userId}`));
    events.on("organizations.plan-opened", async ({ userId }) => calls.push(`plan ${userId}`));
    events.on("billing.credits-arrived", async ({ userId }) => calls.push(`second ${userId}`));

    await events.emit("billing.credits-arrived", { userId: "u1" });

    expect(calls).toEqual(["first u1", "second u1"]);
  });

  it("waits for a handler to finish before the emitter goes on", async () => {
    const events = createDomainEvents();
    let isRefunded = false;
    events.on("documents.processing-failed", async ({ isOurFault }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      isRefunded = isOurFault;
    });

    await events.emit("documents.processing-failed", { documentId: "d1", isOurFault: true });

    expect(isRefunded).toBe(true);
  });

  it("passes a handler's failure to the emitter, as a direct call would, and runs no later handler", async () => {
    const events = createDomainEvents();
    const calls: string[] = [];
    events.on("billing.credits-arrived", async () => {
      throw new Error("database gone");
    });
    events.on("billing.credits-arrived", async () => calls.push("later"));

    await expect(events.emit("billing.credits-arrived", { userId: "u1" })).rejects.toThrow("database gone");
    expect(calls).toEqual([]);
  });

  it("an event nobody subscribed to changes nothing", async () => {
    await expect(createDomainEvents().emit("organizations.plan-opened", { userId: "u1" })).resolves.toBeUndefined();
  });
});
