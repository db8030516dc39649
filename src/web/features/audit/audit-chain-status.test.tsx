import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuditCheckpointResult, AuditVerification } from "../../../shared/contracts/audit";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { stubServer } from "../../../../tests/support/stub-server";
import { AuditChainStatus } from "./audit-log";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const intact: AuditVerification = {
  checkedAt: "2026-11-28T10:00:00.000Z",
  chains: 3,
  events: 120,
  isIntact: true,
  firstBreak: null,
  checkpointAt: null,
};

const renderStatus = () => renderAppRoutes([{ path: "/app/admin/platform", element: <AuditChainStatus /> }], "/app/admin/platform", testSiteConfig());

describe("AuditChainStatus", () => {
  it("checkpoints on demand and then names the checkpoint it compares with", async () => {
    let checkpointAt: string | null = null;
    const server = stubServer({
      "GET /api/audit/platform/verification": () => ({ status: 200, body: { ...intact, checkpointAt } }),
      "POST /api/audit/platform/checkpoint": () => {
        checkpointAt = "2026-11-28T10:05:00.000Z";
        return { status: 200, body: { verification: intact, checkpoint: { createdAt: checkpointAt, chains: 3 } } satisfies AuditCheckpointResult };
      },
    });
    renderStatus();
    expect(await screen.findByText("No checkpoint yet: the daily check writes the first.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Verify and checkpoint now" }));
    expect(await screen.findByText(/^Compared with the signed checkpoint of /)).toBeInTheDocument();
    expect(server.callsTo("POST", "/api/audit/platform/checkpoint")).toHaveLength(1);
  });

  it("says when a broken log was not checkpointed, and when checkpointing failed", async () => {
    const broken: AuditVerification = { ...intact, isIntact: false, firstBreak: { chain: "org-1", seq: 4, eventId: null, reason: "chain_missing" } };
    let answer: { status: number; body: unknown } = { status: 200, body: { verification: broken, checkpoint: null } };
    stubServer({
      "GET /api/audit/platform/verification": { status: 200, body: broken },
      "POST /api/audit/platform/checkpoint": () => answer,
    });
    renderStatus();
    expect(await screen.findByText("First broken link: chain org-1, event #4 (chain missing).")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Verify and checkpoint now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Not checkpointed: the audit log is broken.");
    answer = { status: 500, body: { error: { code: "internal", message: "Storage is unavailable.", requestId: "r" } } };
    await userEvent.click(screen.getByRole("button", { name: "Verify and checkpoint now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to checkpoint the audit log: Storage is unavailable.");
  });
});
