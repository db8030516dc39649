/**
 * Text from a document or a question, made safe to place in an answer's markdown: it reads the
 * same, but cannot open emphasis, a link, an image, a table, HTML or a heading, nor turn a bare
 * address into a link. A contract that contains "![x](http://host/b.png)" must not make the chat
 * load a remote image, and a question must not write a link into the reply.
 */
export function markdownText(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|~]/g, "\\$&")
    .replace(/!(?=\\\[)/g, "\\!")
    .replace(/^(\s*)#/gm, "$1\\#")
    .replace(/\b([a-z][a-z0-9+.-]*):(?=\/\/)/gi, "$1\\:")
    .replace(/\bwww\./gi, "www\\.");
}

/**
 * An answer's markdown as plain text, for a document that cannot show markdown (a PDF): links
 * keep their label, bold and italic markers go, escapes are undone (so it is the inverse of
 * `markdownText`), and list items start with a bullet.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/(?<!\\)\[((?:\\.|[^\]\\])*)\]\((?:\\.|[^)\\])*\)/g, "$1")
    .replace(/(?<![\\*])\*\*(?!\s)((?:\\.|[^\\])+?)(?<![\\\s])\*\*/g, "$1")
    .replace(/(?<![\\\w])_(?!\s)((?:\\.|[^\\])+?)(?<![\\\s])_(?!\w)/g, "$1")
    .replace(/^(\s*)[-*] /gm, "$1• ")
    .replace(/\\([\\`*_[\]<>|~!#:.])/g, "$1");
}
