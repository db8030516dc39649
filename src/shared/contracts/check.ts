import type { z } from "zod";

/** Input checked against a contract: the parsed value, or the first problem in the schema's own words. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The server's request validation and the web's forms both ask this, so they refuse alike. */
export function check<T>(schema: z.ZodType<T>, input: unknown): Checked<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problem: parsed.error.issues[0]?.message ?? "Invalid request." };
}
