import { Readable } from "node:stream";
import { Hono } from "hono";
import { uploadRateLimits } from "../../../core/access/rate-limit";
import { processDocumentRequestSchema, renameDocumentRequestSchema, UPLOAD_FIELD } from "../../../shared/contracts/documents";
import { uploadMessages } from "../../../shared/documents";
import type { Container } from "../../container";
import { AppError } from "../../http/app-error";
import { requireWithinRateLimits } from "../../http/rate-limit";
import { documentPathId, jsonBody, receiveUploadedFile } from "../../http/request-input";
import type { AppBindings } from "../../http/bindings";
import { contentDisposition, matchesEntityTag } from "../../http/downloads";
import { requirePermission } from "../../http/guards";

/** A page number in a path: 1, 2, 3… (a document has at most a few thousand pages). */
function pageNumberParam(raw: string): number {
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) throw new AppError("bad_request", "The page number must be a whole number from 1 up.");
  return Number(raw);
}

/** A multipart body's own bytes beside its file (boundaries, part headers, at most 8 small fields). */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The length a request declares, when it declares one. */
function declaredLength(raw: string | undefined): number | undefined {
  return raw && /^[0-9]{1,15}$/.test(raw) ? Number(raw) : undefined;
}

export function documentsRoutes(container: Pick<Container, "documents" | "db" | "env">) {
  const { documents, db } = container;
  const { maxUploadBytes, uploadsPerHour } = container.env.documents;
  return new Hono<AppBindings>()
    .use(requirePermission("documents.use"))
    .get("/", async (c) => c.json({ documents: await documents.list(c.var.actor) }))
    .post("/", async (c) => {
      // Counted and judged before the body is read: a refused upload costs no more than its headers.
      await requireWithinRateLimits(c, db, uploadRateLimits(uploadsPerHour), c.var.actor.userId, uploadMessages.tooManyUploads);
      const length = declaredLength(c.req.header("content-length"));
      if (length !== undefined) {
        if (length > maxUploadBytes + FORM_OVERHEAD_BYTES) throw new AppError("payload_too_large", uploadMessages.tooLarge(maxUploadBytes));
        await documents.admitUpload(c.var.actor, Math.max(0, length - FORM_OVERHEAD_BYTES));
      }
      const document = await receiveUploadedFile(
        c.req.raw,
        {
          field: UPLOAD_FIELD,
          maxFileBytes: maxUploadBytes,
          missingMessage: "Choose a file to upload.",
          tooLargeMessage: uploadMessages.tooLarge(maxUploadBytes),
        },
        (file) => documents.upload(c.var.actor, file),
      );
      return c.json({ document }, 201);
    })
    .get("/:id", async (c) => c.json({ document: await documents.read(c.var.actor, documentPathId(c.req.param("id"))) }))
    .get("/:id/pages", async (c) => c.json({ pages: await documents.listPages(c.var.actor, documentPathId(c.req.param("id"))) }))
    .get("/:id/pages/:pageNumber", async (c) => {
      const id = documentPathId(c.req.param("id"));
      return c.json({ page: await documents.getPage(c.var.actor, id, pageNumberParam(c.req.param("pageNumber"))) });
    })
    .get("/:id/outline", async (c) => c.json({ outline: await documents.getOutline(c.var.actor, documentPathId(c.req.param("id"))) }))
    .patch("/:id", async (c) => {
      const { filename } = await jsonBody(c.req, renameDocumentRequestSchema);
      return c.json({ document: await documents.rename(c.var.actor, documentPathId(c.req.param("id")), filename) });
    })
    .delete("/:id", async (c) => {
      await documents.delete(c.var.actor, documentPathId(c.req.param("id")));
      return c.body(null, 204);
    })
    .get("/:id/file", async (c) => {
      const download = await documents.openDownload(c.var.actor, documentPathId(c.req.param("id")));
      c.header("Content-Type", download.mimeType);
      c.header("Content-Length", String(download.fileSize));
      c.header("Content-Disposition", contentDisposition(download.filename));
      c.header("Cache-Control", "private, no-store");
      return c.body(Readable.toWeb(download.stream) as ReadableStream);
    })
    .get("/:id/pages/:pageNumber/image", async (c) => {
      const id = documentPathId(c.req.param("id"));
      const pageNumber = pageNumberParam(c.req.param("pageNumber"));
      const page = await documents.getPageImage(c.var.actor, id, pageNumber);
      // A page's image never changes while its document exists; Vary keeps another person signed
      // in on the same browser from being answered out of the cache.
      c.header("Cache-Control", "private, max-age=86400");
      c.header("Vary", "Cookie");
      c.header("ETag", page.etag);
      if (matchesEntityTag(c.req.header("If-None-Match"), page.etag)) return c.body(null, 304);
      const image = await page.render();
      c.header("Content-Type", image.contentType);
      c.header("Content-Length", String(image.bytes.byteLength));
      // sharp's output owns a plain (never shared) ArrayBuffer.
      return c.body(image.bytes as Uint8Array<ArrayBuffer>);
    })
    .post("/:id/process", async (c) => {
      const { trigger } = await jsonBody(c.req, processDocumentRequestSchema);
      return c.json(await documents.startProcessing(c.var.actor, documentPathId(c.req.param("id")), trigger));
    });
}
