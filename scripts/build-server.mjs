// Bundles the server (dependencies stay in node_modules) and ships the migrations beside it.
// Into dist/server, or the folder given (the load benchmark runs its own build).
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

const outdir = process.argv[2] ?? "dist/server";
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: "src/server/main.ts",
    "migrate-main": "src/server/migrate-main.ts",
    "audit-verify-main": "src/server/audit-verify-main.ts",
    worker: "src/server/worker.ts",
    "reader-process": "src/server/adapters/extract-worker/reader-process.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
await cp("src/server/db/migrations", `${outdir}/migrations`, { recursive: true });
await cp("src/server/adapters/clause-model/clause-kinds.model.json", `${outdir}/clause-kinds.model.json`);
