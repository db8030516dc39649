import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobTypeLabels } from "../../src/shared/admin";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("job types in the console", () => {
  it("every job type the app registers has a name in words", () => {
    const registered = testApp.container.jobs.typeNames();
    expect(registered).toEqual(expect.arrayContaining(["document.process", "fact-sheet.build", "jobs.delete-finished"]));
    expect(registered.filter((type) => !Object.hasOwn(jobTypeLabels, type))).toEqual([]);
  });
});
