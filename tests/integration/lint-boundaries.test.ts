import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const readsTables = `import { documents } from "../../db/schema/index";\nexport const table = documents;\n`;

describe("the layers' import rules (eslint.config.js)", () => {
  it.each([
    ["a service", "src/server/modules/documents/new-feature.service.ts", true],
    ["a route module", "src/server/modules/documents/new-feature.routes.ts", true],
    ["a module's jobs", "src/server/modules/billing/billing.jobs.ts", true],
    ["a repository", "src/server/modules/documents/new-feature.repo.ts", false],
  ])("%s importing db/schema is refused: %s", async (_what, filePath, isRefused) => {
    const problems = await problemsOf(filePath, readsTables);
    expect(problems.includes("@typescript-eslint/no-restricted-imports")).toBe(isRefused);
  });

  it.each([
    ["deadline counting, listed in coreForTheWeb", "src/web/features/fact-sheet/new-part.tsx", "../../../core/fact-sheet/deadlines", false],
    ["quote matching, listed in coreForTheWeb", "src/web/lib/new-part.ts", "../../core/documents/quote-match", false],
    ["the answer pipeline, not listed", "src/web/features/chat/new-part.tsx", "../../../core/rag/answer", true],
    ["a module beside a listed one", "src/web/features/documents/new-part.tsx", "../../../core/documents/quote-match-extra", true],
    ["the server", "src/web/features/documents/new-part.tsx", "../../../server/env", true],
  ])("the web importing %s is refused: %s", async (_what, filePath, source, isRefused) => {
    const problems = await problemsOf(filePath, `import { value } from "${source}";\nexport const used = value;\n`);
    expect(problems.includes("@typescript-eslint/no-restricted-imports")).toBe(isRefused);
  });

  it("the web may still import any core module's types", async () => {
    const problems = await problemsOf(
      "src/web/features/chat/new-part.tsx",
      `import type { ReplyInputs } from "../../../core/rag/reply";\nexport type Shown = ReplyInputs;\n`,
    );
    expect(problems).not.toContain("@typescript-eslint/no-restricted-imports");
  });

  const takesContainer = (parameterType: string) =>
    `import type { Container } from "../../container";\nexport const routes = (container: ${parameterType}) => container;\n`;

  it.each([
    ["the whole container", "Container", true],
    ["the whole container, wrapped", "Partial<Container>", true],
    ["the services it uses", 'Pick<Container, "billing" | "env">', false],
    ["one service's type", 'Container["billing"]', false],
  ])("a route module taking %s is refused: %s", async (_what, parameterType, isRefused) => {
    const problems = await problemsOf("src/server/modules/billing/new-feature.routes.ts", takesContainer(parameterType));
    expect(problems.includes("no-restricted-syntax")).toBe(isRefused);
  });

  it("a service may still import a table's type", async () => {
    const problems = await problemsOf(
      "src/server/modules/documents/new-feature.service.ts",
      `import type { documents } from "../../db/schema/index";\nexport type Row = typeof documents.$inferSelect;\n`,
    );
    expect(problems).not.toContain("@typescript-eslint/no-restricted-imports");
  });
});
