import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_PASSWORD, demoPeople, deploymentSizeFrom, seedDemoPractice } from "../../scripts/seed";
import type { ChatSessionSummary } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import type { AppUser } from "../../src/shared/contracts/me";
import { insertScaleDeployment, largeDeployment } from "../support/factories";
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

it("adds a deployment of a given size beside the demo, which the platform console counts", async () => {
  expect(deploymentSizeFrom(["--size=large"])).toEqual(largeDeployment);
  expect(deploymentSizeFrom([])).toBeUndefined();
  expect(() => deploymentSizeFrom(["--size=huge"])).toThrow('Unknown size "huge": use large.');

  const before = (await testApp.container.admin.overview()).metrics;
  await insertScaleDeployment(testApp.database.db, { organizations: 4, users: 10, documents: 20, passagesPerDocument: 2, chats: 30, jobs: 10 });
  const after = (await testApp.container.admin.overview()).metrics;
  expect({
    organizations: after.totalOrganizations - before.totalOrganizations,
    users: after.totalUsers - before.totalUsers,
    documents: after.totalDocuments - before.totalDocuments,
    passages: after.totalPassages - before.totalPassages,
  }).toEqual({ organizations: 4, users: 10, documents: 20, passages: 40 });
  const { organizations } = await testApp.container.admin.listOrganizations({ offset: 0, search: "Scale practice" });
  expect(organizations.reduce((sum, organization) => sum + organization.usersCount, 0)).toBe(10);
  expect(organizations.reduce((sum, organization) => sum + organization.documentsCount, 0)).toBe(20);
  const { chats } = await testApp.container.admin.listChats({ offset: 0, search: "Timely filing" });
  expect(chats.length).toBeGreaterThan(0);
}, 60_000);
