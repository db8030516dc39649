// Headers of file downloads and cached responses: every route that sends a file uses these.

/** If-None-Match (RFC 9110 13.1.2): "*" or a list of entity tags, compared weakly. */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name, never able to break the header. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  // RFC 5987 allows fewer characters than encodeURIComponent leaves as they are: ' ( ) * too.
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const FILENAME_MAX_CHARS = 80;

/**
 * A file name made from text a person wrote (a conversation's title, a document's name): letters,
 * digits, spaces and a few safe marks, never a path, a quote or a control character; `fallback`
 * when nothing is left. `extension` is added without a dot ("pdf").
 */
export function downloadFilename(name: string, extension: string, fallback = "Download"): string {
  const safe = name
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ()_,-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, FILENAME_MAX_CHARS)
    .trim();
  return `${safe || fallback}.${extension}`;
}
