import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { detectDocumentKind } from "./detect";
import { buildDocx, buildPdf, w } from "../../../../tests/support/documents/test-fixtures";
import { writeZip } from "./zip";

async function image(format: "png" | "jpeg" | "webp" | "tiff"): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } })
    .toFormat(format)
    .toBuffer();
}

/** An OLE compound file header followed by a directory entry name, as Word 97-2003 writes. */
function compoundFile(streamName: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  return Buffer.concat([header, Buffer.from(streamName, "utf16le"), Buffer.alloc(64)]);
}

describe("detectDocumentKind", () => {
  const pdf = buildPdf([{ lines: [{ text: "Hello", x: 72, y: 720 }] }]);
  const docx = buildDocx(w.p("Hello"));
  const doc = compoundFile("WordDocument");

  it.each([
    ["contract.pdf", () => pdf, "pdf"],
    ["CONTRACT.PDF", () => pdf, "pdf"],
    ["contract.docx", () => docx, "docx"],
    ["contract.doc", () => doc, "doc"],
    ["scan.png", () => image("png"), "png"],
    ["scan.jpg", () => image("jpeg"), "jpeg"],
    ["scan.jpeg", () => image("jpeg"), "jpeg"],
    ["scan.webp", () => image("webp"), "webp"],
    ["scan.tif", () => image("tiff"), "tiff"],
    ["scan.tiff", () => image("tiff"), "tiff"],
    ["folder/sub\\contract.pdf", () => pdf, "pdf"],
  ] as const)("accepts %s", async (filename, bytes, kind) => {
    expect(await detectDocumentKind(await bytes(), filename)).toBe(kind);
  });

  it("accepts a PDF with bytes before the %PDF header, as PDF readers do", async () => {
    const prefixed = Buffer.concat([Buffer.from("garbage before the header\n"), pdf]);
    expect(await detectDocumentKind(prefixed, "contract.pdf")).toBe("pdf");
  });

  it.each([
    ["a PNG named .pdf", () => image("png"), "contract.pdf"],
    ["a PDF named .png", () => pdf, "scan.png"],
    ["a PDF named .docx", () => pdf, "contract.docx"],
    ["a DOCX named .doc", () => docx, "contract.doc"],
    ["a Word 97 file named .docx", () => doc, "contract.docx"],
    ["a JPEG named .png", () => image("jpeg"), "scan.png"],
    ["a PDF without an extension", () => pdf, "contract"],
    ["a PDF named .exe", () => pdf, "contract.exe"],
    ["a Windows program named .pdf", () => Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"), Buffer.alloc(256)]), "contract.pdf"],
    ["a Windows program named .exe", () => Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"), Buffer.alloc(256)]), "setup.exe"],
    ["random bytes", () => Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 251)), "contract.pdf"],
    ["an empty file", () => Buffer.alloc(0), "contract.pdf"],
    ["plain text", () => Buffer.from("This Agreement is made between..."), "contract.pdf"],
    [
      "a GIF",
      () =>
        sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
          .gif()
          .toBuffer(),
      "scan.gif",
    ],
    ["an Excel 97 file named .doc", () => compoundFile("Workbook"), "contract.doc"],
    ["a zip of a text file named .docx", () => writeZip([{ name: "notes.txt", data: Buffer.from("hello") }]), "contract.docx"],
  ] as const)("refuses %s", async (_label, bytes, filename) => {
    expect(await detectDocumentKind(await bytes(), filename)).toBeUndefined();
  });

  it("recognises a password-protected .docx (an OLE container) so extraction can say it is encrypted", async () => {
    expect(await detectDocumentKind(compoundFile("EncryptedPackage"), "contract.docx")).toBe("docx");
    expect(await detectDocumentKind(compoundFile("EncryptedPackage"), "contract.doc")).toBeUndefined();
  });
});
