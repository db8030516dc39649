import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres, pgliteExtensions, wrapPglite } from "../../src/server/db/client";
import { applyMigrations } from "../../src/server/db/migrate";
import { databaseUrlFor, testDatabaseUrl } from "./test-database-url";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: { kind: "pglite"; dumpFile: string } | { kind: "postgres"; templateName: string; prefix: string };
  }
}

/** Migrates one template database per run; each test file then gets a fresh copy of it. */
export default async function setup(project: TestProject) {
  const serverUrl = testDatabaseUrl();
  if (serverUrl) return setupPostgresTemplate(project, serverUrl);
  return setupPgliteTemplate(project);
}

async function setupPgliteTemplate(project: TestProject) {
  const handle = await wrapPglite(new PGlite({ extensions: pgliteExtensions }));
  await applyMigrations(handle);
  const dump = await handle.client.dumpDataDir("gzip");
  await handle.close();
  const folder = await mkdtemp(path.join(os.tmpdir(), "clausewise-test-"));
  const dumpFile = path.join(folder, "template.tar.gz");
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDatabase", { kind: "pglite", dumpFile });
  return () => rm(folder, { recursive: true, force: true });
}

async function setupPostgresTemplate(project: TestProject, serverUrl: string) {
  const prefix = `cw_test_${randomBytes(4).toString("hex")}`;
  const templateName = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${templateName}`);
  const handle = openPostgres(databaseUrlFor(serverUrl, templateName));
  await applyMigrations(handle);
  await handle.close();
  project.provide("testDatabase", { kind: "postgres", templateName, prefix });
  return async () => {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${prefix}%`]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
