import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_PASSWORD, demoPeople, seedDemoPractice } from "../../scripts/seed";
import type { ChatSessionSummary } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import type { AppUser } from "../../src/shared/contracts/me";
import { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
}, 60_000);
afterAll(() => testApp.close());

it("seeds a demo practice a newcomer can sign in to, with processed contracts and conversations, once", async () => {
  const result = await seedDemoPractice(testApp.container);
  expect(result.kind).toBe("seeded");

  const manager = new HttpClient(testApp);
  expect((await manager.post("/api/auth/sign-in/email", { email: demoPeople[0]!.email, password: DEMO_PASSWORD })).status).toBe(200);
  const { documents } = (await (await manager.get("/api/documents")).json()) as { documents: DocumentSummary[] };
  expect(documents.map((document) => document.status)).toEqual(["completed", "completed"]);
  const { sessions } = (await (await manager.get("/api/chat/sessions")).json()) as { sessions: ChatSessionSummary[] };
  expect(sessions).toHaveLength(3);

  const colleague = new HttpClient(testApp);
  expect((await colleague.post("/api/auth/sign-in/email", { email: demoPeople[1]!.email, password: DEMO_PASSWORD })).status).toBe(200);
  const { user: managerUser } = (await (await manager.get("/api/me")).json()) as { user: AppUser };
  const { user: colleagueUser } = (await (await colleague.get("/api/me")).json()) as { user: AppUser };
  expect(managerUser).toMatchObject({ organizationRole: "org_admin", organizationStatus: "trial" });
  expect(colleagueUser).toMatchObject({ organizationId: managerUser.organizationId, organizationRole: "org_user" });

  expect(await seedDemoPractice(testApp.container)).toEqual({ kind: "already_seeded" });
}, 120_000);
