import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest, ConnectionError, connectionMessages, errorFromAnswer, failureReason, isApiError, readAnswer, refusalReason } from "./api-client";

describe("errorFromAnswer", () => {
  it("takes code and reason from our envelope", () => {
    const error = errorFromAnswer(
      409,
      JSON.stringify({ error: { code: "conflict", message: "This document already exists in your library.", requestId: "r" } }),
    );
    expect(isApiError(error, "conflict")).toBe(true);
    expect(error.reason).toBe("This document already exists in your library.");
    expect(error.authCode).toBeUndefined();
  });

  it("reads Better Auth's answer by its status, keeping its own code apart", () => {
    const error = errorFromAnswer(401, JSON.stringify({ code: "UNAUTHORIZED", message: "Unauthorized" }));
    expect(error.code).toBe("unauthenticated");
    expect(error.authCode).toBe("UNAUTHORIZED");
    expect(error.message).toBe("Unauthorized");
  });

  it.each([
    [413, "payload_too_large"],
    [418, "bad_request"],
    [502, "internal_error"],
  ] as const)("reads a proxy's %i page as %s, with no reason of the server's", (status, code) => {
    const error = errorFromAnswer(status, "<html>Bad gateway</html>");
    expect(error.code).toBe(code);
    expect(error.reason).toBeUndefined();
    expect(error.message).toBe("Please try again.");
  });
});

describe("isApiError", () => {
  it("matches any of the codes named, or any failed answer when none are", () => {
    const notFound = errorFromAnswer(404, "");
    expect(isApiError(notFound)).toBe(true);
    expect(isApiError(notFound, "bad_request", "not_found")).toBe(true);
    expect(isApiError(notFound, "conflict")).toBe(false);
    expect(isApiError(new TypeError("Failed to fetch"), "not_found")).toBe(false);
  });
});

describe("readAnswer", () => {
  it("answers the JSON of a success, nothing for an empty one, and fails unreadable JSON as ours", () => {
    expect(readAnswer(200, '{"ok":true}')).toEqual({ ok: true });
    expect(readAnswer(204, "")).toBeUndefined();
    expect(() => readAnswer(200, "<html>")).toThrow(expect.objectContaining({ code: "internal_error" }));
    expect(() => readAnswer(422, "")).toThrow(expect.objectContaining({ code: "validation_failed" }));
  });
});

describe("refusalReason", () => {
  it("is the server's reason for a refused request, and nothing for its own failures or a network error", () => {
    const envelope = (code: string, message: string) => JSON.stringify({ error: { code, message, requestId: "r" } });
    expect(refusalReason(errorFromAnswer(415, envelope("unsupported_media_type", "Only PDF…")))).toBe("Only PDF…");
    expect(refusalReason(errorFromAnswer(500, envelope("internal_error", "Something went wrong on our side. Please try again.")))).toBeUndefined();
    expect(refusalReason(errorFromAnswer(413, ""))).toBeUndefined();
    expect(refusalReason(new TypeError("Network error"))).toBeUndefined();
  });
});

describe("a request with no answer", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const failingFetch = (error: Error) => vi.stubGlobal("fetch", vi.fn().mockRejectedValue(error));

  it.each([
    [false, connectionMessages.offline],
    [true, connectionMessages.unreachable],
  ])("is a ConnectionError in plain words, never the browser's 'Failed to fetch' (online: %s)", async (isOnline, message) => {
    vi.stubGlobal("navigator", { onLine: isOnline });
    failingFetch(new TypeError("Failed to fetch"));
    const failure = await apiRequest("/api/documents").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionError);
    expect((failure as ConnectionError).message).toBe(message);
    expect(failureReason(failure, "Upload failed.")).toBe(message);
  });

  it("stays an abort when the request was cancelled", async () => {
    failingFetch(new DOMException("The operation was aborted.", "AbortError"));
    await expect(apiRequest("/api/documents")).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("failureReason", () => {
  it("is the server's reason, else the connection's words, else the fallback", () => {
    const envelope = (code: string, message: string) => JSON.stringify({ error: { code, message, requestId: "r" } });
    expect(failureReason(errorFromAnswer(409, envelope("conflict", "Already invited.")), "Failed.")).toBe("Already invited.");
    expect(failureReason(new ConnectionError(true), "Failed.")).toBe(connectionMessages.offline);
    expect(failureReason(errorFromAnswer(500, envelope("internal_error", "Boom")), "Failed.")).toBe("Failed.");
    expect(failureReason(errorFromAnswer(500, ""))).toBe("Please try again.");
  });
});
