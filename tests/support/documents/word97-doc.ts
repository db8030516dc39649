// A real Word 97-2003 (.doc) file, written by hand for upload tests: no .doc writer is available
// offline, and the extraction thread reads uploads with the real word-extractor (no stand-in).
// Not used by the application.

const sectorSize = 512;
const endOfChain = -2;
const freeSector = -1;
const fatSector = -3;
const noStream = -1;
/** Streams at least this long live in ordinary sectors, so no mini stream is needed. */
const miniStreamCutoff = 4096;
/** Where the text starts in the WordDocument stream (after the FIB), as in files Word writes. */
const textOffset = 0x800;

function padTo(bytes: Buffer, size: number): Buffer {
  return bytes.length >= size ? bytes : Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]);
}

function roundUpToSector(length: number): number {
  return Math.ceil(length / sectorSize) * sectorSize;
}

/**
 * The WordDocument stream: a Word 97 FIB (nFib 193, table stream "1Table") followed by the text
 * as UTF-16LE, and the 1Table stream holding the piece table (one piece: all of the text).
 */
function wordStreams(text: string): { wordDocument: Buffer; table: Buffer } {
  const characters = Buffer.from(text, "utf16le");
  const wordDocument = Buffer.alloc(Math.max(miniStreamCutoff, roundUpToSector(textOffset + characters.length)));
  wordDocument.writeUInt16LE(0xa5ec, 0x0000); // wIdent
  wordDocument.writeUInt16LE(0x00c1, 0x0002); // nFib: Word 97
  wordDocument.writeUInt16LE(0x0409, 0x0006); // lid: English (US)
  wordDocument.writeUInt16LE(0x0200, 0x000a); // fWhichTblStm: the table stream is 1Table
  wordDocument.writeUInt16LE(0x00bf, 0x000c); // nFibBack
  wordDocument.writeUInt32LE(textOffset, 0x0018); // fcMin
  wordDocument.writeUInt32LE(textOffset + characters.length, 0x001c); // fcMac
  wordDocument.writeUInt32LE(text.length, 0x004c); // ccpText: the main document's characters
  characters.copy(wordDocument, textOffset);

  // Clx: one Pcdt (0x02, size, PlcPcd). PlcPcd: CPs [0, n] and one 8-byte PCD whose fc (no
  // "compressed" bit) points at UTF-16LE text in the WordDocument stream.
  const plcPcd = Buffer.alloc(16);
  plcPcd.writeUInt32LE(0, 0);
  plcPcd.writeUInt32LE(text.length, 4);
  plcPcd.writeUInt16LE(0, 8);
  plcPcd.writeUInt32LE(textOffset, 10);
  plcPcd.writeUInt16LE(0, 14);
  const clx = Buffer.concat([Buffer.from([0x02]), Buffer.alloc(4), plcPcd]);
  clx.writeUInt32LE(plcPcd.length, 1);
  wordDocument.writeUInt32LE(0, 0x01a2); // fcClx
  wordDocument.writeUInt32LE(clx.length, 0x01a6); // lcbClx
  return { wordDocument, table: padTo(clx, miniStreamCutoff) };
}

function directoryEntry(options: { name: string; type: 0 | 2 | 5; left?: number; right?: number; child?: number; start?: number; size?: number }): Buffer {
  const entry = Buffer.alloc(128);
  if (options.name) {
    entry.write(options.name, 0, "utf16le");
    entry.writeUInt16LE((options.name.length + 1) * 2, 64);
  }
  entry.writeUInt8(options.type, 66);
  entry.writeUInt8(1, 67); // black
  entry.writeInt32LE(options.left ?? noStream, 68);
  entry.writeInt32LE(options.right ?? noStream, 72);
  entry.writeInt32LE(options.child ?? noStream, 76);
  entry.writeInt32LE(options.start ?? (options.type === 0 ? 0 : endOfChain), 116);
  entry.writeUInt32LE(options.size ?? 0, 120);
  return entry;
}

/**
 * A compound file (CFB version 3, 512-byte sectors) with the streams WordDocument and 1Table:
 * sector 0 is the FAT, sector 1 the directory, then each stream's sectors in turn.
 */
function compoundFile(streams: { wordDocument: Buffer; table: Buffer }): Buffer {
  const wordSectors = streams.wordDocument.length / sectorSize;
  const tableSectors = streams.table.length / sectorSize;
  const wordStart = 2;
  const tableStart = wordStart + wordSectors;
  const sectorCount = tableStart + tableSectors;
  if (sectorCount > sectorSize / 4) throw new Error("document too long for a single FAT sector");

  const fat = Buffer.alloc(sectorSize);
  for (let index = 0; index < sectorSize / 4; index += 1) fat.writeInt32LE(freeSector, index * 4);
  fat.writeInt32LE(fatSector, 0);
  fat.writeInt32LE(endOfChain, 4);
  const chain = (start: number, length: number) => {
    for (let sector = start; sector < start + length; sector += 1) fat.writeInt32LE(sector === start + length - 1 ? endOfChain : sector + 1, sector * 4);
  };
  chain(wordStart, wordSectors);
  chain(tableStart, tableSectors);

  // Siblings are ordered by name length first: "1Table" < "WordDocument".
  const directory = Buffer.concat([
    directoryEntry({ name: "Root Entry", type: 5, child: 1 }),
    directoryEntry({ name: "WordDocument", type: 2, left: 2, start: wordStart, size: streams.wordDocument.length }),
    directoryEntry({ name: "1Table", type: 2, start: tableStart, size: streams.table.length }),
    directoryEntry({ name: "", type: 0 }),
  ]);

  const header = Buffer.alloc(sectorSize);
  Buffer.from("d0cf11e0a1b11ae1", "hex").copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeInt32LE(1, 44); // FAT sectors
  header.writeInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(miniStreamCutoff, 56);
  header.writeInt32LE(endOfChain, 60); // no mini FAT
  header.writeInt32LE(0, 64);
  header.writeInt32LE(endOfChain, 68); // no DIFAT sectors
  header.writeInt32LE(0, 72);
  for (let index = 0; index < 109; index += 1) header.writeInt32LE(index === 0 ? 0 : freeSector, 76 + index * 4);

  return Buffer.concat([header, fat, padTo(directory, sectorSize), streams.wordDocument, streams.table]);
}

/**
 * A Word 97-2003 document with these paragraphs (a "\f" inside one is a page break, as Word
 * stores it); Word ends every paragraph, the last included, with "\r".
 */
export function buildDoc(paragraphs: string[]): Buffer {
  return compoundFile(wordStreams(paragraphs.map((paragraph) => `${paragraph}\r`).join("")));
}
