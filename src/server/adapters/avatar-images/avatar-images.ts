import sharp from "sharp";
import { AVATAR_MAX_SIDE_PX, AVATAR_MAX_SOURCE_SIDE_PX, type AvatarMimeType } from "../../../shared/profile";

export type AvatarFormat = "png" | "jpeg" | "webp";

export interface AvatarImage {
  bytes: Buffer;
  format: AvatarFormat;
  contentType: AvatarMimeType;
  extension: "png" | "jpg" | "webp";
}

/** Why a file cannot become an avatar: not PNG, JPEG or WEBP by its bytes; a header naming too many pixels; bytes no decoder reads. */
export type AvatarImageRefusal = "unsupported" | "too_many_pixels" | "unreadable";

export class AvatarImageError extends Error {
  constructor(readonly refusal: AvatarImageRefusal) {
    super(`The avatar was refused: ${refusal}.`);
    this.name = "AvatarImageError";
  }
}

const formats: Record<AvatarFormat, Pick<AvatarImage, "contentType" | "extension">> = {
  png: { contentType: "image/png", extension: "png" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  webp: { contentType: "image/webp", extension: "webp" },
};

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
}

/** The format the bytes are, whatever the file was called or declared: an SVG or HTML page named .png is none. */
export function avatarFormatOf(bytes: Uint8Array): AvatarFormat | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return undefined;
}

/**
 * The picture as we store it: decoded and drawn again in its own format, at most 512 px a side,
 * turned upright, with no metadata (sharp writes none unless asked: no EXIF location, no comments).
 * The header's size is judged before any pixel is decoded, so a 50,000 × 50,000 PNG costs nothing.
 */
export async function normalizeAvatar(bytes: Uint8Array): Promise<AvatarImage> {
  const format = avatarFormatOf(bytes);
  if (!format) throw new AvatarImageError("unsupported");
  const limitInputPixels = AVATAR_MAX_SOURCE_SIDE_PX * AVATAR_MAX_SOURCE_SIDE_PX;
  let metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AvatarImageError("unreadable");
  }
  if (metadata.format !== format) throw new AvatarImageError("unsupported");
  const { width = 0, height = 0 } = metadata;
  if (width > AVATAR_MAX_SOURCE_SIDE_PX || height > AVATAR_MAX_SOURCE_SIDE_PX) throw new AvatarImageError("too_many_pixels");
  try {
    const image = sharp(bytes, { limitInputPixels, failOn: "error", animated: false })
      .rotate()
      .resize(AVATAR_MAX_SIDE_PX, AVATAR_MAX_SIDE_PX, { fit: "inside", withoutEnlargement: true });
    const encoded =
      format === "png" ? image.png({ compressionLevel: 9 }) : format === "jpeg" ? image.jpeg({ quality: 85, mozjpeg: true }) : image.webp({ quality: 85 });
    return { bytes: await encoded.toBuffer(), format, ...formats[format] };
  } catch {
    throw new AvatarImageError("unreadable");
  }
}
