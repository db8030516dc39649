import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { uploadMessages } from "../../../shared/documents";
import { failureReason, isApiError } from "../../lib/api-client";
import { useSiteConfig } from "../../lib/site-config-context";
import { uploadProblem } from "./document-format";
import { documentsApi, uploadDocument } from "./documents-api";
import { summarizeBatch, type BatchFileOutcome } from "./upload-batch";
import { storeDocument, useDelayedRefresh } from "./use-documents";

export const REFRESH_AFTER_UPLOAD_MS = 1000;

const UPLOAD_FAILED = "There was an error uploading your document. Please try again.";
/** The batch's one toast: replaced as the batch goes, never stacked. */
const BATCH_TOAST = "upload-batch";

export interface UploadState {
  filename: string;
  percent: number;
  /** 1-based place of this file in its batch. */
  position: number;
  count: number;
}

function uploadFailure(error: unknown): { title: string; reason: string } {
  if (isApiError(error, "conflict")) return { title: "Duplicate document", reason: uploadMessages.duplicate };
  // The server's reason (wrong type, too large, empty) when it gave one, or no connection.
  return { title: "Upload failed", reason: failureReason(error, UPLOAD_FAILED) };
}

/** Starts a stored document as the person's plan allows: started, waiting for a credit, or left for them to start. */
async function startStored(id: string, filename: string): Promise<BatchFileOutcome> {
  try {
    const answer = await documentsApi.process(id, "start");
    return answer.ok ? { kind: "started", filename } : { kind: "waiting", filename, reason: answer.reason };
  } catch {
    return { kind: "not_started", filename };
  }
}

/**
 * Uploads a batch of files one after another, starting each as soon as it is stored, with one
 * toast for the whole batch that ends saying what started, what waits and what was refused.
 */
export function useUpload() {
  const queryClient = useQueryClient();
  const { maxUploadBytes } = useSiteConfig();
  const refreshLater = useDelayedRefresh();
  const [state, setState] = useState<UploadState>();
  // An upload carries on if the person leaves the page; its toast still tells them how it went.
  const controller = useRef<AbortController>(undefined);

  const uploadOne = useCallback(
    async (file: File, position: number, count: number, signal: AbortSignal): Promise<BatchFileOutcome> => {
      const problem = uploadProblem(file, maxUploadBytes);
      if (problem) return { kind: "refused", filename: file.name, title: problem.title, reason: problem.description };
      setState({ filename: file.name, percent: 0, position, count });
      toast.loading(count === 1 ? "Uploading" : `Uploading ${position} of ${count}`, { id: BATCH_TOAST, description: file.name });
      try {
        const document = await uploadDocument(file, (percent) => setState({ filename: file.name, percent, position, count }), signal);
        storeDocument(queryClient, document, { prepend: true });
        return await startStored(document.id, file.name);
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        return { kind: "refused", filename: file.name, ...uploadFailure(error) };
      }
    },
    [queryClient, maxUploadBytes],
  );

  const upload = useCallback(
    async (files: File[]) => {
      if (controller.current) {
        toast.error("Upload in progress", { description: "Wait for the current upload to finish." });
        return;
      }
      if (files.length === 0) return;
      const abort = new AbortController();
      controller.current = abort;
      const outcomes: BatchFileOutcome[] = [];
      try {
        for (const [index, file] of files.entries()) outcomes.push(await uploadOne(file, index + 1, files.length, abort.signal));
        const summary = summarizeBatch(outcomes);
        const show = summary.tone === "success" ? toast.success : summary.tone === "warning" ? toast.warning : toast.error;
        show(summary.title, { id: BATCH_TOAST, description: summary.description });
      } catch (error) {
        if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
        toast.dismiss(BATCH_TOAST);
      } finally {
        if (controller.current === abort) {
          controller.current = undefined;
          setState(undefined);
          refreshLater(REFRESH_AFTER_UPLOAD_MS);
        }
      }
    },
    [uploadOne, refreshLater],
  );

  return { upload, uploading: state };
}
