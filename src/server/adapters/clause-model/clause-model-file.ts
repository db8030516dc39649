import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { loadClauseModel, type ClauseModel, type ClauseModelFile } from "../../../core/rag/clause-model";

/** The model trained on cuad-train by scripts/clause-model/train.ts; the build copies it beside the bundled server. */
export const shippedClauseModelFile = fileURLToPath(new URL("./clause-kinds.model.json", import.meta.url));

/** A model file's identity: its content's digest, so a retrained model is never taken for the one before. */
const digestOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** The clause-kind model of one file, and which model that is. */
export interface ClauseModelSource {
  /** The model, read when first needed and then kept for the life of the process. */
  model(): Promise<ClauseModel>;
  /** The model's identity, without keeping the model: what a stored reading is matched against. */
  id(): Promise<string>;
}

/**
 * The clause-kind model, read when a question or a reading first needs it (processes that never
 * score a sentence never hold it). A file that cannot be read fails that call and is tried again
 * by the next.
 */
export function createClauseModelSource(file = shippedClauseModelFile): ClauseModelSource {
  let loading: Promise<ClauseModel> | undefined;
  let identifying: Promise<string> | undefined;
  const retried = <T>(promise: Promise<T>, forget: () => void) => {
    promise.catch(forget);
    return promise;
  };
  return {
    model() {
      loading ??= retried(
        readFile(file, "utf8").then((text) => loadClauseModel(JSON.parse(text) as ClauseModelFile, digestOf(text))),
        () => (loading = undefined),
      );
      return loading;
    },
    id() {
      identifying ??= retried(readFile(file, "utf8").then(digestOf), () => (identifying = undefined));
      return identifying;
    },
  };
}
