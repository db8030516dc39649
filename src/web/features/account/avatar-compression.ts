import { AVATAR_INITIAL_QUALITY, avatarCompressionProgress, avatarTargetSize, nextAvatarQuality, type AvatarMimeType } from "../../../shared/profile";

/**
 * Draws the chosen picture at most 512 px on its longest side and encodes it, starting at quality
 * 0.8 and lowering it until it is at most 1.8 MB (spec section 9). PNG has no quality: it is sent
 * as drawn, and the server's 2 MB limit decides. Progress runs from 5 up to 90 (spec section 4).
 */
export async function compressAvatar(file: File, onProgress: (percent: number) => void): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = avatarTargetSize(bitmap);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const type = file.type as AvatarMimeType;
  let quality: number | undefined = AVATAR_INITIAL_QUALITY;
  let blob: Blob;
  let attempt = 0;
  do {
    blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((made) => (made ? resolve(made) : reject(new Error("The picture could not be drawn."))), type, quality),
    );
    attempt += 1;
    onProgress(avatarCompressionProgress(attempt));
    quality = type === "image/png" ? undefined : nextAvatarQuality(quality, blob.size);
  } while (quality !== undefined);
  return blob;
}
