import { readFile } from "node:fs/promises";
import path from "node:path";
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from "drizzle-kit/api";
import { pgTable, text } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./migrate";
import * as schema from "./schema/index";

interface Journal {
  entries: { idx: number; tag: string }[];
}

async function latestCommittedSnapshot(): Promise<DrizzleSnapshotJSON> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
  const latest = journal.entries.at(-1);
  if (!latest) throw new Error("No committed migrations");
  const snapshotFile = path.join(migrationsFolder, "meta", `${String(latest.idx).padStart(4, "0")}_snapshot.json`);
  return JSON.parse(await readFile(snapshotFile, "utf8")) as DrizzleSnapshotJSON;
}

function pendingStatements(imports: Record<string, unknown>, committed: DrizzleSnapshotJSON) {
  const current = generateDrizzleJson(imports, committed.id, undefined, "snake_case");
  return generateMigration(committed, current);
}

describe("schema drift", () => {
  it("the Drizzle schema and the committed migrations agree (run `npm run db:generate` if not)", async () => {
    expect(await pendingStatements(schema, await latestCommittedSnapshot())).toEqual([]);
  });

  it("notices a table that has no migration yet", async () => {
    const uncommitted = pgTable("drift_probe", { id: text().primaryKey() });
    const statements = await pendingStatements({ ...schema, uncommitted }, await latestCommittedSnapshot());
    expect(statements.join("\n")).toContain('CREATE TABLE "drift_probe"');
  });
});
