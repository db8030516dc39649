import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../src/server/db/schema/index";
import type { AppUser } from "../../src/shared/contracts/me";
import { avatarMessages, profileMessages } from "../../src/shared/profile";
import { signedUpClient } from "../support/accounts";
import { avatarUser, pictureOf, pngHeaderClaiming, uploadAvatar } from "../support/avatars";
import { HttpClient } from "../support/http-client";
import { startS3Server, type S3Server } from "../support/s3-server";
import { createTestApp, type TestApp } from "../support/test-app";

async function me(client: HttpClient): Promise<AppUser> {
  return ((await (await client.get("/api/me")).json()) as { user: AppUser }).user;
}

async function profileRow(testApp: TestApp, userId: string) {
  const [row] = await testApp.database.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe("the profile: only changed fields, plain text, limits", () => {
  let testApp: TestApp;
  let client: HttpClient;
  beforeAll(async () => {
    testApp = await createTestApp();
    client = await signedUpClient(testApp, undefined, { name: "Pat Signup" });
  });
  afterAll(() => testApp.close());

  it("a new account has the name it signed up with; a save changes only the fields sent", async () => {
    const user = await me(client);
    expect(user.displayName).toBe("Pat Signup");
    let response = await client.request("/api/me/profile", { method: "PATCH", json: { title: "Practice manager", phone: "+1 (555) 010-2000" } });
    expect(response.status).toBe(200);
    response = await client.request("/api/me/profile", { method: "PATCH", json: { bio: "Twenty years of payer contracts." } });
    const updated = (await response.json()) as { user: AppUser };
    expect(updated.user).toMatchObject({
      title: "Practice manager",
      phone: "+1 (555) 010-2000",
      bio: "Twenty years of payer contracts.",
      displayName: "Pat Signup",
    });
    const row = await profileRow(testApp, user.id);
    expect(row).toMatchObject({ title: "Practice manager", displayName: null });
    response = await client.request("/api/me/profile", { method: "PATCH", json: { title: "" } });
    expect(((await response.json()) as { user: AppUser }).user).toMatchObject({ title: null, phone: "+1 (555) 010-2000" });
  });

  it("keeps HTML in a name as the text it is", async () => {
    const name = `<img src=x onerror="alert(1)"> Dr. <b>Lee</b>`;
    const response = await client.request("/api/me/profile", { method: "PATCH", json: { displayName: name } });
    expect(response.status).toBe(200);
    const user = await me(client);
    expect(user.displayName).toBe(name);
    expect((await profileRow(testApp, user.id))?.displayName).toBe(name);
  });

  it.each([
    ["a one-letter display name", { displayName: "A" }, profileMessages.displayNameTooShort],
    ["a 10,000-character bio", { bio: "x".repeat(10_000) }, profileMessages.bioTooLong],
    ["a phone number with letters", { phone: "call me maybe" }, profileMessages.phoneInvalid],
    ["nothing at all", {}, profileMessages.nothingChanged],
    ["a field the profile does not have", { role: "platform_owner" }, undefined],
  ])("refuses %s and changes nothing", async (_label, json, message) => {
    const before = await me(client);
    const response = await client.request("/api/me/profile", { method: "PATCH", json });
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe("validation_failed");
    if (message) expect(error.message).toBe(message);
    expect(await me(client)).toEqual({ ...before, avatarUrl: before.avatarUrl });
  });

  it("asks to sign in first", async () => {
    expect((await new HttpClient(testApp).request("/api/me/profile", { method: "PATCH", json: { title: "x" } })).status).toBe(401);
  });
});

describe.each(["local", "s3"] as const)("the avatar on %s storage", (storage) => {
  let s3: S3Server | undefined;
  let testApp: TestApp;
  let client: HttpClient;
  let userId: string;
  beforeAll(async () => {
    s3 = storage === "s3" ? await startS3Server() : undefined;
    testApp = await createTestApp({ env: s3?.env ?? {} });
    client = await signedUpClient(testApp, undefined, { name: "Ava Tar" });
    userId = (await me(client)).id;
  });
  afterAll(async () => {
    await testApp.close();
    await s3?.close();
  });

  async function isStored(key: string): Promise<boolean> {
    if (s3) return s3.hasObject(key);
    return readFile(path.join(testApp.container.env.dataDir, "files", key)).then(
      () => true,
      () => false,
    );
  }

  it("stores a re-encoded picture at avatars/<userId>/avatar.<ext> and serves it by a signed URL for 3600 s", async () => {
    const response = await uploadAvatar(client, "me.jpg", await pictureOf("jpeg", 2000, 1000, { exif: true }), "image/jpeg");
    expect(response.status).toBe(200);
    const user = await avatarUser(response);
    expect(user.avatar).toBe("AT");
    expect((await profileRow(testApp, userId))?.avatarPath).toBe(`avatars/${userId}/avatar.jpg`);
    expect(await isStored(`avatars/${userId}/avatar.jpg`)).toBe(true);
    if (s3) expect(await readdir(path.join(testApp.container.env.dataDir, "files")).catch(() => [])).toEqual([]);

    const url = new URL(user.avatarUrl!, "http://x");
    expect(url.pathname).toBe(`/api/avatars/${userId}/avatar.jpg`);
    const lifetime = Number(url.searchParams.get("expires")) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(3500);
    expect(lifetime).toBeLessThanOrEqual(3600);

    // No session needed: the signature is the permission.
    const picture = await new HttpClient(testApp).get(user.avatarUrl!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
    expect(picture.headers.get("cache-control")).toBe("private, max-age=3600");
    const metadata = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 512, height: 256 });
    expect(metadata.exif).toBeUndefined();
  });

  it("refuses a tampered or expired signature, and a URL for another key", async () => {
    const { avatarUrl } = await me(client);
    const url = new URL(avatarUrl!, "http://x");
    const tampered = `${url.pathname}?expires=${url.searchParams.get("expires")}&signature=${"A".repeat(43)}`;
    const expired = `${url.pathname}?expires=${Math.floor(Date.now() / 1000) - 10}&signature=${url.searchParams.get("signature")}`;
    const otherKey = `${url.pathname.replace("avatar.jpg", "avatar.png")}${url.search}`;
    for (const target of [tampered, expired, otherKey, url.pathname]) expect((await client.get(target)).status).toBe(404);
  });

  it("a new picture in another format replaces the old one, which leaves storage", async () => {
    const response = await uploadAvatar(client, "me.webp", await pictureOf("webp", 300, 300), "image/webp");
    expect(response.status).toBe(200);
    expect(await isStored(`avatars/${userId}/avatar.webp`)).toBe(true);
    expect(await isStored(`avatars/${userId}/avatar.jpg`)).toBe(false);
    const picture = await client.get((await avatarUser(response)).avatarUrl!);
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 300 });
  });

  it.each([
    [
      "an SVG named .png",
      "me.png",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
      avatarMessages.unsupported.description,
    ],
    ["an HTML page named .png", "me.png", Buffer.from("<!doctype html><script>alert(1)</script>"), 415, avatarMessages.unsupported.description],
    ["a 50,000 × 50,000 PNG header", "bomb.png", pngHeaderClaiming(50_000, 50_000), 413, avatarMessages.tooManyPixels.description],
    ["a picture over 2 MB", "big.png", Buffer.concat([pngHeaderClaiming(10, 10), Buffer.alloc(2 * 1024 * 1024)]), 413, avatarMessages.tooLarge.description],
    ["a truncated PNG", "cut.png", pngHeaderClaiming(10, 10).subarray(0, 20), 415, undefined],
  ])("refuses %s and keeps the picture it had", async (_label, filename, bytes, status, message) => {
    const before = await profileRow(testApp, userId);
    const response = await uploadAvatar(client, filename, bytes);
    expect(response.status).toBe(status);
    if (message) expect((await errorOf(response)).message).toBe(message);
    expect(await profileRow(testApp, userId)).toEqual(before);
    expect(await isStored(before!.avatarPath!)).toBe(true);
  });

  it("removing the avatar deletes the file; the initials are shown again", async () => {
    const { avatarPath } = (await profileRow(testApp, userId))!;
    const response = await client.request("/api/me/avatar", { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await avatarUser(response)).toMatchObject({ avatarUrl: null, avatar: "AT" });
    expect(await isStored(avatarPath!)).toBe(false);
  });
});
