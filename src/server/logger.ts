import pino, { type LevelWithSilent, type Logger } from "pino";

export const logFormatSettings = ["auto", "json", "text"] as const;
export type LogFormatSetting = (typeof logFormatSettings)[number];
export type LogFormat = Exclude<LogFormatSetting, "auto">;

export interface LoggerSettings {
  logLevel: LevelWithSilent;
  logFormat: LogFormatSetting;
}

/** Where log lines go: stdout, or a stand-in in tests. `isTTY` is set only on a terminal. */
export interface LogOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** JSON for machines (a pipe, a file, a log collector, `npm run dev`'s pino-pretty); text for a person at a terminal. */
export function chooseLogFormat(setting: LogFormatSetting, isTerminal: boolean): LogFormat {
  if (setting !== "auto") return setting;
  return isTerminal ? "text" : "json";
}

/** Writes to stdout (pino's own fast destination for JSON) unless given another output. */
export function createLogger(settings: LoggerSettings, output?: LogOutput): Logger {
  const options = { level: settings.logLevel, base: undefined };
  const target = output ?? process.stdout;
  if (chooseLogFormat(settings.logFormat, target.isTTY === true) === "json") return output ? pino(options, output) : pino(options);
  // A plain write stream rather than a pino transport: no worker thread, and nothing but pino itself
  // needed in production (pino-pretty is a devDependency).
  return pino(options, { write: (line: string) => target.write(formatLogLine(line)) });
}

const levelLabels: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const shownElsewhere = new Set(["level", "time", "msg", "err"]);

interface LogRecord {
  level: number;
  time: number;
  msg?: string;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

/** One of pino's JSON lines as a person reads it: `09:05:07 INFO  message field=value`, an error's stack below. */
export function formatLogLine(jsonLine: string): string {
  const record = JSON.parse(jsonLine) as LogRecord;
  const level = (levelLabels[record.level] ?? String(record.level)).padEnd(5);
  const fields = Object.entries(record).filter(([key, value]) => !shownElsewhere.has(key) && value !== undefined);
  let text = `${clockTime(record.time)} ${level} ${describe(record, fields)}`;
  if (record.err) text += `\n${indent(record.err.stack ?? record.err.message ?? JSON.stringify(record.err))}`;
  return `${text}\n`;
}

function describe(record: LogRecord, fields: [string, unknown][]): string {
  // The request log (http/request-context.ts) is most of the lines: it reads as the request itself.
  if (record.msg === "request" && typeof record.method === "string" && typeof record.path === "string") {
    return `${record.method} ${record.path} ${String(record.status)} ${String(record.ms)} ms`;
  }
  return [record.msg ?? "", ...fields.map(([key, value]) => `${key}=${showValue(value)}`)].filter(Boolean).join(" ");
}

function showValue(value: unknown): string {
  if (typeof value === "string" && /^[^\s"=]+$/.test(value)) return value;
  return JSON.stringify(value);
}

function clockTime(epochMs: number): string {
  const time = new Date(epochMs);
  return [time.getHours(), time.getMinutes(), time.getSeconds()].map((part) => String(part).padStart(2, "0")).join(":");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}
