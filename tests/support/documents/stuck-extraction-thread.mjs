// An extraction thread stuck inside a document, as pdf.js looping on a malformed file would be:
// it takes requests and never answers.
import { parentPort } from "node:worker_threads";

parentPort?.on("message", () => undefined);
