import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";

// Three layers, one run: pure logic, services and HTTP on a real database, and components in jsdom.
// `*.pg.test.ts` need what only a PostgreSQL server gives (several processes on one database, a
// connection the server closes):
// they belong to the PostgreSQL pass (`npm run test:pg`) and are not collected without DATABASE_URL.
const postgresOnlyTests = "tests/integration/**/*.pg.test.ts";
// What the PostgreSQL pass would only repeat: files that open no database (or only the embedded
// one, on purpose) and use no OCR engine chosen by OCR_ENGINE, the pass's other subject: skipping
// them took the pass from 356 s to 299 s on 2 cores. A file missing here runs on both, only slower.
const sameOnEveryDatabaseTests = [
  "src/server/adapters/extract/cuad.int.test.ts",
  "src/server/adapters/extract-worker/extraction-pool.int.test.ts",
  "src/server/adapters/storage/file-storage.int.test.ts",
  "src/server/db/client.int.test.ts",
  "src/server/modules/chat/chat-export.int.test.ts",
  "src/server/modules/documents/upload-staging.int.test.ts",
  "src/server/modules/fact-sheet/fact-sheet-export.int.test.ts",
  "tests/integration/bench-text-overlap.test.ts",
  "tests/integration/decision-records.test.ts",
  "tests/integration/lint-boundaries.test.ts",
  "tests/integration/passage-coverage.test.ts",
];

// The pure logic of src/core and src/shared, and the scripts' own: no I/O, no module replaced.
const pureLogicTests = ["src/core/**/*.test.ts", "src/shared/**/*.test.ts", "scripts/**/*.test.ts"];

// Component tests that replace one of the app's modules (vi.mock) need a module graph of their own:
// found by reading the files, so a new one cannot end up sharing a window with the others.
const componentTestsReplacingModules = readdirSync("src", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".test.tsx") && /\bvi\.(do)?mock\(/.test(readFileSync(path.join("src", file), "utf8")))
  .map((file) => path.posix.join("src", file.split(path.sep).join("/")));

// A JSON module becomes one JSON.parse of its text, as Node reads it, not a JavaScript object
// literal with named exports: the 14 MB question-router model took 29 s to import that way and
// 1.7 s this way, in every unit and component file that reaches it and every integration worker.
const json = { stringify: true, namedExports: false } as const;

// Components in jsdom, with the app's providers' setup.
const componentProject = {
  plugins: [react()],
  json,
  test: {
    environment: "jsdom" as const,
    setupFiles: ["tests/support/component-setup.ts"],
    // A test may wait for a lazy page or two (findBy* waits up to 5 s each, component-setup.ts).
    testTimeout: 20_000,
  },
};

export default defineConfig({
  test: {
    // Vitest leaves one core to its main process by default: one worker on a 2-core machine, and
    // the main process mostly waits. A worker per core nearly halves the run.
    maxWorkers: availableParallelism(),
    reporters: ["default", "json"],
    // CI counts tests from this report; `npm run test:pg` points it elsewhere with --outputFile.json.
    outputFile: { json: "test-results/vitest.json" },
    projects: [
      {
        json,
        test: {
          name: "unit",
          environment: "node",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["src/**/*.int.test.ts", ...pureLogicTests],
          // Each of its files runs its few milliseconds of tests in a fresh module graph: in a worker
          // thread rather than a child process of its own, the project took a third less CPU (92 s
          // against 137 s on 2 cores, ADR 048). Integration stays in processes: its files count and
          // signal their own process's children and share a worker's modules on purpose.
          pool: "threads",
        },
      },
      {
        json,
        test: {
          // Pure logic shares a worker's modules: importing the question models (21 MB of JSON)
          // once per worker, not once per file (ADR 048). Its modules keep no state a test changes.
          name: "unit-pure",
          environment: "node",
          include: pureLogicTests,
          pool: "threads",
          isolate: false,
        },
      },
      {
        json,
        test: {
          name: "integration",
          environment: "node",
          include: ["src/**/*.int.test.ts", "tests/integration/**/*.test.ts"],
          exclude: process.env.DATABASE_URL ? [...configDefaults.exclude, ...sameOnEveryDatabaseTests] : [...configDefaults.exclude, postgresOnlyTests],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app on its own database (tests/support/test-app.ts), so files
          // need no fresh module graph: importing the server once per worker, not once per file
          // (about 5 s each), takes the project from about 495 s to 280 s on this machine. On
          // PGlite a worker also keeps the database a finished app released, emptied to the
          // migrated template's state (tests/support/test-database.ts): 14 loads of the template
          // per run instead of 83, about 1.1–1.4 s each on a quiet machine (ADR 048).
          isolate: false,
        },
      },
      {
        ...componentProject,
        test: {
          ...componentProject.test,
          name: "component",
          include: ["src/**/*.test.tsx"],
          exclude: [...configDefaults.exclude, ...componentTestsReplacingModules],
          // Files share a worker's jsdom window and modules (React, the router, the pages): 97 s wall
          // and 147 s of CPU isolated, 42 s and 58 s shared on 2 cores (ADR 048). What a test leaves
          // in the window is cleared after it (component-setup.ts).
          isolate: false,
        },
      },
      { ...componentProject, test: { ...componentProject.test, name: "component-isolated", include: componentTestsReplacingModules } },
    ],
  },
});
