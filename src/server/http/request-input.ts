import { z } from "zod";
import { check } from "../../shared/contracts/check";
import { AppError } from "./app-error";

/** A JSON body's content type as handlers read it: application/json and any application/*+json. */
export const JSON_MEDIA_TYPE = /^application\/(?:[a-z0-9.+-]*\+)?json/i;

/** Input checked against its contract: 422 with the first problem. */
function validInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const checked = check(schema, input);
  if (!checked.ok) throw new AppError("validation_failed", checked.problem);
  return checked.value;
}

/**
 * A JSON body checked against a schema: 415 unless sent as application/json (a form on another
 * site can send text/plain without asking first), 400 when it is not JSON, 422 with the first problem.
 */
export async function jsonBody<T>(request: { json(): Promise<unknown>; header(name: string): string | undefined }, schema: z.ZodType<T>): Promise<T> {
  if (!/^application\/json\s*(;|$)/i.test(request.header("content-type") ?? "")) {
    throw new AppError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
  const body = await request.json().catch(() => {
    throw new AppError("bad_request", "The request body must be JSON.");
  });
  return validInput(schema, body);
}

/** Query parameters checked against a schema: 422 with the first problem. */
export function queryInput<T>(query: Record<string, string>, schema: z.ZodType<T>): T {
  return validInput(schema, query);
}

const uuidSchema = z.uuid();

/** A path id that is not even a UUID names nothing: the same 404 as a missing or foreign one. */
export function pathId(raw: string, notFoundMessage: string): string {
  const parsed = uuidSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("not_found", notFoundMessage);
  return parsed.data;
}

/** The file sent as multipart/form-data in `field`: 400 when the body is not a form, 422 when the field holds no file. */
export async function uploadedFile(request: { parseBody(): Promise<Record<string, unknown>> }, field: string, missingMessage: string): Promise<File> {
  const form = await request.parseBody().catch(() => {
    throw new AppError("bad_request", `Send the file as multipart/form-data in the field '${field}'.`);
  });
  const file = form[field];
  if (!(file instanceof File)) throw new AppError("validation_failed", missingMessage);
  return file;
}
