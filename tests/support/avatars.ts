import { crc32 } from "node:zlib";
import sharp from "sharp";
import type { AppUser } from "../../src/shared/contracts/me";
import type { HttpClient } from "./http-client";

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming `width` × `height` pixels, with almost no pixel data: a decompression bomb's shape. */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real picture in `format`, `width` × `height`, optionally carrying EXIF (a camera's GPS block). */
export async function pictureOf(format: "png" | "jpeg" | "webp", width = 800, height = 600, options: { exif?: boolean } = {}): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  const withExif = options.exif
    ? image.withExif({ IFD0: { Make: "TestCam", Model: "Secret Model" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 26/1 46/1" } })
    : image;
  return withExif.toFormat(format).toBuffer();
}

/** PUT /api/me/avatar with `bytes` under `filename` (its declared type from its extension, as a browser sends it). */
export function uploadAvatar(client: HttpClient, filename: string, bytes: Uint8Array, type = "image/png"): Promise<Response> {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], filename, { type }));
  return client.request("/api/me/avatar", { method: "PUT", form });
}

export async function avatarUser(response: Response): Promise<AppUser> {
  return ((await response.json()) as { user: AppUser }).user;
}
