import type { DocumentKind, ExtractionErrorReason, ExtractionResult } from "../extract/index";

export type ExtractionRequest = { id: number; bytes: Uint8Array; kind: DocumentKind };

export type ExtractionReply =
  | { id: number; type: "progress"; done: number; total: number }
  | { id: number; type: "done"; result: ExtractionResult }
  | { id: number; type: "failed"; message: string; reason?: ExtractionErrorReason };
