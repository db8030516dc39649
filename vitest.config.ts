import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Three layers, one run: pure logic, services and HTTP on a real database, and components in jsdom.
export default defineConfig({
  test: {
    reporters: ["default", "json"],
    // CI counts tests from this report; `npm run test:pg` points it elsewhere with --outputFile.json.
    outputFile: { json: "test-results/vitest.json" },
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["src/**/*.int.test.ts"],
        },
      },
      {
        test: {
          name: "integration",
          environment: "node",
          include: ["src/**/*.int.test.ts", "tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "component",
          environment: "jsdom",
          include: ["src/**/*.test.tsx"],
          setupFiles: ["tests/support/component-setup.ts"],
        },
      },
    ],
  },
});
