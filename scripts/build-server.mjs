// Bundles the server (dependencies stay in node_modules) and ships the migrations beside it.
// Into dist/server, or the folder given (the load benchmark runs its own build).
import { cp, readFile, rm } from "node:fs/promises";
import { build } from "esbuild";

const outdir = process.argv[2] ?? "dist/server";

// A JSON module becomes one JSON.parse of its text, as in the tests (vitest.config.ts), not an
// object literal: the question router's 14 MB model then costs each process 0.7 s to start, not 1.4 s.
const jsonAsOneParse = {
  name: "json-as-one-parse",
  setup(bundler) {
    bundler.onLoad({ filter: /\.json$/ }, async ({ path }) => ({
      contents: `export default JSON.parse(${JSON.stringify(await readFile(path, "utf8"))});`,
      loader: "js",
    }));
  },
};
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
  plugins: [jsonAsOneParse],
});
await cp("src/server/db/migrations", `${outdir}/migrations`, { recursive: true });
await cp("src/server/adapters/clause-model/clause-kinds.model.json", `${outdir}/clause-kinds.model.json`);
