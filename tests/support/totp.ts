import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(key: string): Buffer {
  let bits = "";
  for (const character of key.replace(/=+$/, "").toUpperCase()) {
    const value = BASE32.indexOf(character);
    if (value < 0) throw new Error(`not a base32 key: ${key}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/**
 * An authenticator app's code (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) for the base32 key
 * a person would type in by hand; written here from the RFC, not taken from the code under test.
 */
export function totpCode(manualKey: string, at: number = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const digest = createHmac("sha1", base32Bytes(manualKey)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, "0");
}

/**
 * A code that is not the current one, nor the one just before or after (Better Auth accepts one
 * step either side): one of the wrong codes the audit log's leak scanner looks for.
 */
export function wrongTotpCode(manualKey: string, at: number = Date.now()): string {
  const near = new Set([-30_000, 0, 30_000].map((shift) => totpCode(manualKey, at + shift)));
  return ["424242", "242424"].find((code) => !near.has(code))!;
}
