import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Imports each layer may not make (docs/conventions.md, "Layout and direction"). */
const forbiddenImports = (patterns, message) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ group: patterns, message, allowTypeImports: true }] }],
});

/**
 * The pure core modules the browser runs too, so what the web shows is computed as the server
 * computes it. Listed one by one, not all of core, so that what ships to the browser is a choice
 * (ADR 042): the answer pipeline and its trained models stay on the server.
 */
const coreForTheWeb = ["fact-sheet/deadlines", "documents/quote-match"];

const webMessage = "The web imports shared code, the core modules in coreForTheWeb (eslint.config.js) and types only.";
const webLayer = [
  { group: ["**/server/**", "pg", "drizzle-orm*", "hono*"], message: webMessage, allowTypeImports: true },
  { regex: String.raw`(^|/)core/(?!(${coreForTheWeb.join("|")})$)`, message: webMessage, allowTypeImports: true },
];

/**
 * The web's features in the order they may use one another: a feature imports only features
 * listed before it, and only through their index (what they offer the others), so no two features
 * can import each other. What two features both need belongs in components/ or lib/. Tests and
 * their helpers render features together and are exempt.
 */
const featureOrder = [
  "errors",
  "landing",
  "legal",
  "session",
  "auth",
  "two-factor",
  "billing",
  "contracts",
  "documents",
  "fact-sheet",
  "support",
  "chat",
  "audit",
  "organizations",
  "admin",
  "account",
  "app-shell",
];

function featureBoundaries(feature, position) {
  const earlier = featureOrder.slice(0, position);
  const later = featureOrder.slice(position + 1);
  const patterns = [
    ...webLayer,
    { group: ["../../app", "../../app/**"], message: "app/ puts the features together; a feature never imports it." },
    later.length > 0 && {
      group: later.flatMap((other) => [`../${other}`, `../${other}/**`]),
      message: `${feature} may use only the features before it in featureOrder (eslint.config.js); move what both need to components/ or lib/.`,
    },
    earlier.length > 0 && { group: earlier.map((other) => `../${other}/**`), message: "Import another feature through its index: '../<feature>'." },
  ].filter(Boolean);
  return {
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}", "**/*-test-utils.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] },
  };
}

const ownedIdCast = {
  selector: "TSAsExpression[typeAnnotation.typeName.name=/^Owned/], TSTypeAssertion[typeAnnotation.typeName.name=/^Owned/]",
  message: "Get an owned id from the ownership check, never by a cast.",
};
/** A route module takes what it uses, `Pick<Container, …>` or one service's type `Container["…"]`, never the whole container (ADR 041). */
const wholeContainer = {
  selector: [
    'TSTypeReference[typeName.name="Container"]',
    ':not(TSTypeReference[typeName.name="Pick"] > TSTypeParameterInstantiation > TSTypeReference:first-child, TSIndexedAccessType > TSTypeReference)',
  ].join(""),
  message: 'A route module takes only what it uses: Pick<Container, "…"> (ADR 041), never the whole container.',
};
const pagePathPattern = String.raw`/^\/(app|login|auth|billing|termsofservice|privacypolicy)(\/|\?|#|$)/`;

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "test-results/", "playwright-report/", "data/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "error",
    },
  },
  {
    // Command-line tools report to the terminal.
    files: ["bench/**", "scripts/**"],
    rules: { "no-console": "off" },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: webLayer }],
    },
  },
  ...featureOrder.map(featureBoundaries),
  {
    files: ["src/web/components/**/*.{ts,tsx}", "src/web/lib/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [...webLayer, { group: ["**/features/**", "**/app/**"], message: "components/ and lib/ serve every feature and import none." }] },
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: forbiddenImports(["**/server/**", "**/core/**", "**/web/**"], "shared imports nothing of ours."),
  },
  {
    files: ["src/core/**/*.ts"],
    rules: forbiddenImports(["**/server/**", "**/web/**", "node:*"], "core is pure: only core and shared, no I/O."),
  },
  {
    // Only the ownership check (documents.repo.ts) makes an owned id; a cast anywhere else would skip it (ADR 012).
    files: ["**/*.{ts,tsx}"],
    ignores: ["src/server/modules/documents/documents.repo.ts"],
    rules: {
      "no-restricted-syntax": ["error", ownedIdCast],
    },
  },
  {
    files: ["src/server/modules/**/*.routes.ts"],
    rules: {
      "no-restricted-syntax": ["error", ownedIdCast, wholeContainer],
    },
  },
  {
    // A page's path written out would go stale when the page moves; shared/paths.ts names them all.
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*-test-utils.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ownedIdCast,
        {
          selector: `Literal[value=${pagePathPattern}], TemplateElement[value.raw=${pagePathPattern}]`,
          message: "Take page paths from shared/paths.ts (paths, withQuery).",
        },
      ],
    },
  },
  {
    files: ["src/server/adapters/**/*.ts"],
    rules: forbiddenImports(["**/modules/**"], "Adapters never import modules."),
  },
  {
    // A module's tables are its repositories' business (*.repo.ts): services, jobs and routes ask them.
    files: ["src/server/modules/**/*.ts"],
    ignores: ["**/*.repo.ts", "**/*.test.ts"],
    rules: forbiddenImports(["**/db/schema", "**/db/schema/**"], "Only a module's *.repo.ts reads or writes its tables: ask the repository."),
  },
  {
    // Modules register their job types with the queue (ADR 013); the queue knows none of them.
    files: ["src/server/jobs/**/*.ts"],
    rules: forbiddenImports(["**/modules/**"], "The job queue never imports modules: each module registers its own job types."),
  },
);
