// A document reader stuck inside a document, as pdf.js looping on a malformed file would be:
// it takes requests and never answers.
process.on("message", () => undefined);
