import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { loadClauseModel, type ClauseModel, type ClauseModelFile } from "../../../core/rag/clause-model";

/** The model trained on cuad-train by scripts/clause-model/train.ts; the build copies it beside the bundled server. */
export const shippedClauseModelFile = fileURLToPath(new URL("./clause-kinds.model.json", import.meta.url));

/**
 * The clause-kind model, read when a question first needs it (processes that never answer one never
 * pay for it) and then kept for the life of the process. A file that cannot be read fails that
 * question and is tried again by the next.
 */
export function createClauseModelSource(file = shippedClauseModelFile): () => Promise<ClauseModel> {
  let loading: Promise<ClauseModel> | undefined;
  return () => {
    loading ??= readFile(file, "utf8").then((text) => loadClauseModel(JSON.parse(text) as ClauseModelFile));
    loading.catch(() => (loading = undefined));
    return loading;
  };
}
