import { describe, expect, it } from "vitest";
import { oneAtATime } from "./one-at-a-time";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("oneAtATime", () => {
  it("starts each piece of work when the one before has ended, in the order given", async () => {
    const inTurn = oneAtATime();
    const log: string[] = [];
    const work = (name: string) => async () => {
      log.push(`${name} starts`);
      await tick();
      log.push(`${name} ends`);
      return name;
    };
    expect(await Promise.all([inTurn(work("a")), inTurn(work("b")), inTurn(work("c"))])).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
  });

  it("gives a failure to its own caller only: the next piece of work still runs", async () => {
    const inTurn = oneAtATime();
    const failing = inTurn(async () => {
      await tick();
      throw new Error("unreadable page");
    });
    const next = inTurn(async () => "read");
    await expect(failing).rejects.toThrow("unreadable page");
    expect(await next).toBe("read");
  });
});
