import { createHmac, timingSafeEqual } from "node:crypto";
import { AVATAR_URL_LIFETIME_SECONDS } from "../../../shared/profile";

export const AVATAR_URL_PREFIX = "/api/avatars/";

/**
 * Signed avatar URLs (spec section 9: valid 3600 s): the path and its expiry under an HMAC of the
 * server's secret, so an <img> needs no session and a URL cannot be made for another key or time.
 */
export function createAvatarUrls(secret: string, now: () => Date) {
  const key = createHmac("sha256", secret).update("avatar-urls").digest();
  const signatureOf = (storageKey: string, expires: number) => createHmac("sha256", key).update(`${storageKey}\n${expires}`).digest("base64url");
  return {
    /** `avatars/<userId>/avatar.png` → `/api/avatars/<userId>/avatar.png?expires=…&signature=…`. */
    urlFor(storageKey: string): string {
      const expires = Math.floor(now().getTime() / 1000) + AVATAR_URL_LIFETIME_SECONDS;
      const query = new URLSearchParams({ expires: String(expires), signature: signatureOf(storageKey, expires) });
      return `${AVATAR_URL_PREFIX}${storageKey.slice("avatars/".length)}?${query.toString()}`;
    },
    /** Whether a URL's signature is ours for this key and it has not expired. */
    isValid(storageKey: string, query: { expires?: string; signature?: string }): boolean {
      const expires = Number(query.expires);
      if (!Number.isInteger(expires) || !query.signature || expires * 1000 <= now().getTime()) return false;
      const expected = Buffer.from(signatureOf(storageKey, expires));
      const given = Buffer.from(query.signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type AvatarUrls = ReturnType<typeof createAvatarUrls>;
