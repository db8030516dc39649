import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
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

/** A document's id from a path: any value that is not one is a document not found, as another person's is. */
export function documentPathId(raw: string): string {
  return pathId(raw, "Document not found.");
}

/** A file of a multipart/form-data body, as it streams in. */
export interface UploadedFileStream {
  /** The name the browser gave, unchecked. */
  filename: string;
  content: Readable;
}

/**
 * Reads a multipart/form-data body as it arrives and hands the file in `field` to `receive` while
 * it streams: the file is never held whole in memory. 400 when the body is not such a form, 422
 * when the field holds no file; a file past `maxFileBytes` fails its stream with 413
 * (`tooLargeMessage`). Other fields and files are read past; the answer is `receive`'s, and the
 * rest of the body is not read once it has answered.
 */
export function receiveUploadedFile<T>(
  request: Request,
  options: { field: string; maxFileBytes: number; missingMessage: string; tooLargeMessage: string },
  receive: (file: UploadedFileStream) => Promise<T>,
): Promise<T> {
  const notAForm = () => new AppError("bad_request", `Send the file as multipart/form-data in the field '${options.field}'.`);
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) return Promise.reject(notAForm());
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { files: 1, fileSize: options.maxFileBytes, fields: 8, fieldSize: 1024, parts: 16 },
    });
  } catch {
    return Promise.reject(notAForm()); // no boundary
  }
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  return new Promise<T>((resolve, reject) => {
    let received: Promise<T> | undefined;
    let file: Readable | undefined;
    parser.on("file", (name, content, info) => {
      if (name !== options.field || received) {
        content.resume();
        return;
      }
      file = content;
      content.on("limit", () => content.destroy(new AppError("payload_too_large", options.tooLargeMessage)));
      // The receiver may not be reading yet when the stream fails: its pipeline reports the error
      // when it starts, and the process does not treat it as unhandled meanwhile.
      content.on("error", () => undefined);
      received = receive({ filename: info.filename ?? "", content });
      received.then(resolve, reject).finally(() => body.destroy());
    });
    // Once the file is being received, its receiver answers (after cleaning up): the error ends its stream.
    parser.on("error", (error) => {
      body.destroy();
      if (received) file?.destroy(error as Error);
      else reject(notAForm());
    });
    parser.on("close", () => {
      if (!received) reject(new AppError("validation_failed", options.missingMessage));
    });
    // A body cut off (the browser went away) ends the file's stream too, so its receiver stops.
    body.on("error", (error) => {
      file?.destroy(error);
      parser.destroy(error);
    });
    body.pipe(parser);
  });
}

/** The file sent as multipart/form-data in `field`, read whole (small files only): 400 when the body is not a form, 422 when the field holds no file. */
export async function uploadedFile(request: { parseBody(): Promise<Record<string, unknown>> }, field: string, missingMessage: string): Promise<File> {
  const form = await request.parseBody().catch(() => {
    throw new AppError("bad_request", `Send the file as multipart/form-data in the field '${field}'.`);
  });
  const file = form[field];
  if (!(file instanceof File)) throw new AppError("validation_failed", missingMessage);
  return file;
}
