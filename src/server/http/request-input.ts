import { z } from "zod";
import { AppError } from "./app-error";

/** A JSON body checked against a schema: 400 when it is not JSON, 422 with the first problem otherwise. */
export async function jsonBody<T>(request: { json(): Promise<unknown> }, schema: z.ZodType<T>): Promise<T> {
  const body = await request.json().catch(() => {
    throw new AppError("bad_request", "The request body must be JSON.");
  });
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError("validation_failed", parsed.error.issues[0]?.message ?? "Invalid request.");
  return parsed.data;
}

const uuidSchema = z.uuid();

/** A path id that is not even a UUID names nothing: the same 404 as a missing or foreign one. */
export function pathId(raw: string, notFoundMessage: string): string {
  const parsed = uuidSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("not_found", notFoundMessage);
  return parsed.data;
}
