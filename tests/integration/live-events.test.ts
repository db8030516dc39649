import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import type { ErrorBody } from "../../src/shared/errors";
import { signedUpClient } from "../support/accounts";
import { subscribeLocally } from "../support/billing";
import { readEvents } from "../support/chat";
import { payerContractPdf } from "../support/documents/payer-contract";
import { processedDocument, uploadedDocument } from "../support/documents/processing";
import { HttpClient } from "../support/http-client";
import { closeEventStreams, openEventStream, readLiveEvents } from "../support/live-events";
import { MAX_LIVE_STREAMS_PER_PERSON } from "../../src/server/modules/events/events.routes";
import { joinedMember, organizationIdOf } from "../support/organizations";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let owner: HttpClient;
let stranger: HttpClient;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signedUpClient(testApp);
  stranger = await signedUpClient(testApp);
});
afterAll(async () => {
  await closeEventStreams();
  await testApp.close();
});

const upload = (client: HttpClient, filename: string): Promise<DocumentSummary> =>
  uploadedDocument(client, filename, payerContractPdf(`${filename} ${Date.now()}`));

describe("GET /api/events", () => {
  it("asks a signed-out visitor to sign in", async () => {
    const response = await new HttpClient(testApp).get("/api/events");
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe("unauthenticated");
  });

  it("holds at most 10 streams open for one person: the 11th is refused with 429 until one closes, and others are not affected", async () => {
    const person = await signedUpClient(testApp);
    const streams = [];
    for (let tab = 0; tab < MAX_LIVE_STREAMS_PER_PERSON; tab++) streams.push(await openEventStream(person));
    const refused = await person.get("/api/events");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("rate_limited");
    expect((await openEventStream(stranger)).isEnded()).toBe(false);

    await streams[0]!.close();
    await expect
      .poll(async () => {
        const response = await person.get("/api/events");
        await response.body?.cancel();
        return response.status;
      })
      .toBe(200);
    await Promise.all(streams.slice(1).map((stream) => stream.close()));
  });

  it("is an uncached event stream, unbuffered by proxies, that starts with a heartbeat", async () => {
    const response = await owner.get("/api/events");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const stream = readLiveEvents(response);
    try {
      await stream.ready();
    } finally {
      await stream.close();
    }
  });

  it("carries each person's document, conversation and credit events to their own stream, and none to anyone else's", { timeout: 90_000 }, async () => {
    const ownerStream = await openEventStream(owner);
    const strangerStream = await openEventStream(stranger);

    await subscribeLocally(owner, "pro");
    await expect.poll(() => ownerStream.eventsOfType("credits").length, { timeout: 10_000 }).toBeGreaterThan(0);

    const document = await processedDocument(testApp, owner, "Live contract.pdf", payerContractPdf(`live ${Date.now()}`));
    const aboutDocument = () => ownerStream.eventsOfType("document").filter((event) => event.documentId === document.id);
    // Process pressed (queued), the worker took it (processing), it finished (completed).
    await expect.poll(() => aboutDocument().filter((event) => event.change === "update").length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);

    const answer = await owner.post("/api/chat/messages", { documentId: document.id, question: "How long do we have to file claims?" });
    const started = (await readEvents(answer)).find((event) => event.type === "session");
    if (started?.type !== "session") throw new Error("the answer started no conversation");
    // The new conversation, then its stored answer: other tabs refetch the list twice.
    const aboutSession = () => ownerStream.eventsOfType("chat_session").filter((event) => event.sessionId === started.session.id);
    await expect.poll(() => aboutSession().map((event) => event.change), { timeout: 10_000 }).toEqual(["insert", "update"]);

    expect((await owner.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    await expect.poll(() => aboutDocument().some((event) => event.change === "delete"), { timeout: 10_000 }).toBe(true);
    // The upload came first; then only updates and the one deletion (the worker's last
    // announcement of a finished job may arrive just after the deletion, so no order is asserted there).
    expect(aboutDocument()[0]?.change).toBe("insert");
    expect(
      aboutDocument()
        .filter((event) => event.change !== "update")
        .map((event) => event.change),
    ).toEqual(["insert", "delete"]);

    // Events reach every stream in the order they were published: once the stranger hears of
    // their own upload, made after all of the owner's changes, those have been through their stream.
    const theirs = await upload(stranger, "Their contract.pdf");
    await expect.poll(() => strangerStream.events().length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(strangerStream.events()).toEqual([{ type: "document", change: "insert", documentId: theirs.id }]);

    // And the other way round: the owner's next change arrives, the stranger's upload never did.
    const next = await upload(owner, "Next contract.pdf");
    await expect.poll(() => ownerStream.eventsOfType("document").some((event) => event.documentId === next.id), { timeout: 10_000 }).toBe(true);
    expect(ownerStream.eventsOfType("document").filter((event) => event.documentId === theirs.id)).toEqual([]);
  });

  it("carries a member's document events to their organization's admins too (they may read it), never to a colleague or another organization", async () => {
    const organizationId = await organizationIdOf(owner);
    const member = await joinedMember(testApp, owner, organizationId);
    const colleague = await joinedMember(testApp, owner, organizationId);
    const adminStream = await openEventStream(owner);
    const colleagueStream = await openEventStream(colleague.client);
    const strangerStream = await openEventStream(stranger);

    const theirs = await upload(member.client, "A member's contract.pdf");
    const renamed = await member.client.request(`/api/documents/${theirs.id}`, { method: "PATCH", json: { filename: "Renamed by its owner.pdf" } });
    expect(renamed.status).toBe(200);
    const aboutTheirs = (stream: typeof adminStream) => stream.eventsOfType("document").filter((event) => event.documentId === theirs.id);
    await expect.poll(() => aboutTheirs(adminStream).map((event) => event.change), { timeout: 10_000 }).toEqual(["insert", "update"]);

    // Ordered delivery: once each of the others hears of their own later upload, the member's events have passed their streams.
    const [colleagues, strangers] = await Promise.all([upload(colleague.client, "A colleague's contract.pdf"), upload(stranger, "Elsewhere.pdf")]);
    await expect.poll(() => colleagueStream.eventsOfType("document").some((event) => event.documentId === colleagues.id), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => strangerStream.eventsOfType("document").some((event) => event.documentId === strangers.id), { timeout: 10_000 }).toBe(true);
    expect(aboutTheirs(colleagueStream)).toEqual([]);
    expect(aboutTheirs(strangerStream)).toEqual([]);
  });

  it.each(["/api/documents/events", "/api/chat/events", "/api/billing/events"])("replaces %s, which is gone", async (oldPath) => {
    const response = await owner.get(oldPath);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).not.toMatch(/event-stream/);
  });
});
