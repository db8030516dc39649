import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../src/shared/errors";
import { createTestApp, type TestApp } from "../support/test-app";

describe("GET /api/health", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("tells anyone only whether it and its database are up: no version, no database kind", async () => {
    const response = await testApp.app.request("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: { status: "ok" } });
  });

  it("the server itself still knows its version, database kind and latency", async () => {
    expect(await testApp.container.health.getHealth()).toMatchObject({
      status: "ok",
      version: testApp.container.env.version,
      database: { status: "ok", kind: testApp.database.kind, latencyMs: expect.any(Number) },
    });
  });

  it("gives every response a request id, keeping a well-formed incoming one", async () => {
    const kept = await testApp.app.request("/api/health", { headers: { "X-Request-Id": "trace-123" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-123");
    const replaced = await testApp.app.request("/api/health", { headers: { "X-Request-Id": "bad id <script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers an unknown API path with the error envelope, never the web page", async () => {
    const response = await testApp.app.request("/api/no-such-thing", { headers: { "X-Request-Id": "r-1" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await response.json()) as ErrorBody;
    expect(body).toEqual({ error: { code: "not_found", message: "No such API endpoint.", requestId: "r-1" } });
  });

  it("says the database is unavailable with 503 when it cannot be reached", async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.app.request("/api/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "degraded", database: { status: "unavailable" } });
  });
});
