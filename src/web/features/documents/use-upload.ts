import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { uploadMessages } from "../../../shared/documents";
import { isApiError, refusalReason } from "../../lib/api-client";
import { useSiteConfig } from "../../lib/site-config-context";
import { uploadProblem } from "./document-format";
import { uploadDocument } from "./documents-api";
import { storeDocument, useDelayedRefresh } from "./use-documents";

export const REFRESH_AFTER_UPLOAD_MS = 1000;

const UPLOAD_FAILED = "There was an error uploading your document. Please try again.";

export interface UploadState {
  filename: string;
  percent: number;
}

/** One upload at a time: checks the file, sends it with progress, and answers with the spec's toasts. */
export function useUpload() {
  const queryClient = useQueryClient();
  const { maxUploadBytes } = useSiteConfig();
  const refreshLater = useDelayedRefresh();
  const [state, setState] = useState<UploadState>();
  // An upload carries on if the person leaves the page; its toast still tells them how it went.
  const controller = useRef<AbortController>(undefined);

  const upload = useCallback(
    async (files: File[]) => {
      if (controller.current) {
        toast.error("Upload in progress", { description: "Wait for the current upload to finish." });
        return;
      }
      if (files.length === 0) return;
      if (files.length > 1) {
        toast.error("One file at a time", { description: "Upload your documents one by one." });
        return;
      }
      const file = files[0]!;
      const problem = uploadProblem(file, maxUploadBytes);
      if (problem) {
        toast.error(problem.title, { description: problem.description });
        return;
      }
      const abort = new AbortController();
      controller.current = abort;
      setState({ filename: file.name, percent: 0 });
      try {
        const document = await uploadDocument(file, (percent) => setState({ filename: file.name, percent }), abort.signal);
        storeDocument(queryClient, document, { prepend: true });
        toast.success("Document uploaded", { description: "Your document was uploaded. Click Process to start analysis." });
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
        if (isApiError(error, "conflict")) {
          toast.error("Duplicate document", { description: uploadMessages.duplicate });
        } else {
          // The server's reason (wrong type, too large, empty) when it gave one.
          toast.error("Upload failed", { description: refusalReason(error) ?? UPLOAD_FAILED });
        }
      } finally {
        if (controller.current === abort) {
          controller.current = undefined;
          setState(undefined);
          refreshLater(REFRESH_AFTER_UPLOAD_MS);
        }
      }
    },
    [queryClient, refreshLater, maxUploadBytes],
  );

  return { upload, uploading: state };
}
