import { describe, expect, it } from "vitest";
import { chooseLogFormat, createLogger, formatLogLine, type LogFormatSetting, type LogOutput } from "./logger";

function capture(isTTY: boolean): LogOutput & { text: () => string } {
  let written = "";
  return {
    isTTY: isTTY || undefined,
    write: (text: string) => (written += text),
    text: () => written,
  };
}

const at = (hours: number, minutes: number, seconds: number) => new Date(2026, 10, 28, hours, minutes, seconds).getTime();

describe("chooseLogFormat", () => {
  it.each<[LogFormatSetting, boolean, string]>([
    ["auto", true, "text"],
    ["auto", false, "json"],
    ["json", true, "json"],
    ["json", false, "json"],
    ["text", true, "text"],
    ["text", false, "text"],
  ])("LOG_FORMAT=%s on a terminal: %s gives %s", (setting, isTerminal, format) => {
    expect(chooseLogFormat(setting, isTerminal)).toBe(format);
  });
});

describe("createLogger", () => {
  it("writes readable lines to a terminal", () => {
    const output = capture(true);
    createLogger({ logLevel: "info", logFormat: "auto" }, output).info(
      { database: "pglite" },
      "Clausewise is running: open http://localhost:3000 in your browser",
    );
    expect(output.text()).toMatch(/^\d\d:\d\d:\d\d INFO {2}Clausewise is running: open http:\/\/localhost:3000 in your browser database=pglite\n$/);
  });

  it.each<[LogFormatSetting, boolean]>([
    ["auto", false],
    ["json", true],
  ])("writes JSON lines with LOG_FORMAT=%s (terminal: %s)", (logFormat, isTTY) => {
    const output = capture(isTTY);
    createLogger({ logLevel: "info", logFormat }, output).info({ database: "pglite" }, "running");
    expect(JSON.parse(output.text())).toMatchObject({ level: 30, msg: "running", database: "pglite" });
  });

  it("keeps to LOG_LEVEL in either format", () => {
    const output = capture(true);
    const logger = createLogger({ logLevel: "warn", logFormat: "text" }, output);
    logger.info("not shown");
    logger.warn("shown");
    expect(output.text()).toMatch(/^\d\d:\d\d:\d\d WARN {2}shown\n$/);
  });
});

describe("formatLogLine", () => {
  it.each([
    [{ level: 30, time: at(9, 5, 7), msg: "job worker started" }, "09:05:07 INFO  job worker started\n"],
    [{ level: 40, time: at(23, 0, 0), msg: "answer failed", sessionId: "s-1", count: 2 }, "23:00:00 WARN  answer failed sessionId=s-1 count=2\n"],
    [
      { level: 30, time: at(9, 5, 7), msg: "audit details dropped", dropped: ["password"], to: "a b" },
      '09:05:07 INFO  audit details dropped dropped=["password"] to="a b"\n',
    ],
    [
      { level: 30, time: at(9, 5, 7), msg: "request", requestId: "6f0c…", method: "GET", path: "/api/documents", status: 200, ms: 12 },
      "09:05:07 INFO  GET /api/documents 200 12 ms\n",
    ],
    [
      {
        level: 50,
        time: at(9, 5, 7),
        msg: "request failed",
        requestId: "r-1",
        err: { type: "Error", message: "boom", stack: "Error: boom\n    at x (a.ts:1:1)" },
      },
      "09:05:07 ERROR request failed requestId=r-1\n    Error: boom\n        at x (a.ts:1:1)\n",
    ],
    [{ level: 60, time: at(9, 5, 7), msg: "stopped", err: { message: "no stack" } }, "09:05:07 FATAL stopped\n    no stack\n"],
  ])("%j", (record, line) => {
    expect(formatLogLine(JSON.stringify(record))).toBe(line);
  });
});
