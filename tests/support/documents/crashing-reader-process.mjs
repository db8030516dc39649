// A document reader that dies on the document it is given, as one that faults on a hostile file would.
process.on("message", () => process.exit(1));
