import type { DocumentKind } from "../extract/types";

/** The kinds of document whose pages are pictures: the viewer shows them as images beside their OCR text. */
export type ImageKind = Extract<DocumentKind, "png" | "jpeg" | "webp" | "tiff">;

export function isImageKind(kind: string): kind is ImageKind {
  return kind === "png" || kind === "jpeg" || kind === "webp" || kind === "tiff";
}

export interface PageImage {
  bytes: Buffer;
  contentType: "image/png" | "image/jpeg" | "image/webp";
  width: number;
  height: number;
}

/**
 * The port that draws one page of an image document as a browser shows it (browsers cannot show
 * TIFF). Undefined when the document has no such page; an ExtractionError for a file that cannot
 * be read.
 */
export interface PageImages {
  render(bytes: Uint8Array, kind: ImageKind, pageNumber: number): Promise<PageImage | undefined>;
}
