const MAX_FILENAME_LENGTH = 180;

/** Direction marks and overrides: "invoice\u202Excod.pdf" would display as "invoicefdp.docx". */
const directionCharacters = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Control characters and runs of spaces: stripping control characters is the point of this pattern. */
const controlCharacters = /[\u0000-\u001f\u007f\s]+/g; // eslint-disable-line no-control-regex

/**
 * The name shown for an upload: the last path segment, without control characters or
 * direction overrides, trimmed to a sane length with its extension kept. Never used to name
 * anything on disk.
 */
export function cleanDisplayFilename(raw: string): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = lastSegment.replace(/[<>]/g, "").replace(directionCharacters, "").replace(controlCharacters, " ").trim();
  if (cleaned.length <= MAX_FILENAME_LENGTH) return cleaned;
  const extension = cleaned.match(/\.[A-Za-z0-9]{1,5}$/)?.[0] ?? "";
  return `${cleaned.slice(0, MAX_FILENAME_LENGTH - extension.length).trimEnd()}${extension}`;
}

/** A rename keeps the original extension when the new name leaves it out. */
export function renamedFilename(current: string, requested: string): string {
  const cleaned = cleanDisplayFilename(requested);
  const extension = current.match(/\.[A-Za-z0-9]{1,5}$/)?.[0] ?? "";
  return extension && !cleaned.toLowerCase().endsWith(extension.toLowerCase()) ? `${cleaned}${extension}` : cleaned;
}
