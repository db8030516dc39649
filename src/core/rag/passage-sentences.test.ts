import { expect, it } from "vitest";
import { sentencesOf } from "./passage-sentences";

it("splits the same words printed under other clause numbers with each passage's own clauses", () => {
  const text = "8.2 Termination. Either party may end this Agreement on ninety days notice. The notice is written.";
  const clausesAt = (number: string) => [{ at: 0, textAt: 17, number, heading: "Termination" }];
  const first = sentencesOf(text, clausesAt("8.2"));
  const second = sentencesOf(text, clausesAt("9.2"));
  expect(first.map((sentence) => sentence.text)).toEqual(["Either party may end this Agreement on ninety days notice.", "The notice is written."]);
  expect(second.map((sentence) => sentence.clause?.number)).toEqual(["9.2", "9.2"]);
  expect(first.map((sentence) => sentence.clause?.number)).toEqual(["8.2", "8.2"]);
});
