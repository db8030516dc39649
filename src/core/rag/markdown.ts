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
