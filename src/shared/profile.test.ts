import { describe, expect, it } from "vitest";
import { displayNameSchema, profileEmailSchema, profileUpdateRequestSchema } from "./contracts/account";
import { check } from "./contracts/check";
import {
  AVATAR_COMPRESSED_MAX_BYTES,
  AVATAR_MAX_BYTES,
  avatarCompressionProgress,
  avatarTargetSize,
  findAvatarProblem,
  nextAvatarQuality,
  profileMessages,
} from "./profile";

describe("the avatar's drawn size: at most 512 px on the longest side, never enlarged", () => {
  it.each([
    [
      { width: 2000, height: 1000 },
      { width: 512, height: 256 },
    ],
    [
      { width: 1000, height: 2000 },
      { width: 256, height: 512 },
    ],
    [
      { width: 512, height: 512 },
      { width: 512, height: 512 },
    ],
    [
      { width: 300, height: 200 },
      { width: 300, height: 200 },
    ],
    [
      { width: 4000, height: 3 },
      { width: 512, height: 1 },
    ],
    [
      { width: 1025, height: 1025 },
      { width: 512, height: 512 },
    ],
  ])("%o → %o", (source, target) => expect(avatarTargetSize(source)).toEqual(target));
});

describe("the next quality to encode at: from 0.8 down by 0.1 until it fits in 1.8 MB", () => {
  it.each([
    [0.8, AVATAR_COMPRESSED_MAX_BYTES, undefined],
    [0.8, 100_000, undefined],
    [0.8, AVATAR_COMPRESSED_MAX_BYTES + 1, 0.7],
    [0.7, 3_000_000, 0.6],
    [0.5, 3_000_000, 0.4],
    [0.4, 3_000_000, undefined],
  ])("quality %s at %s bytes → %s", (quality, bytes, next) => expect(nextAvatarQuality(quality, bytes)).toBe(next));
});

describe("compression progress runs from 5 to a cap of 90", () => {
  it("after passes 1, 2, 3, 4 and 9", () => expect([1, 2, 3, 4, 9].map(avatarCompressionProgress)).toEqual([30, 55, 80, 90, 90]));
});

describe("which files can be an avatar", () => {
  it.each([
    [{ type: "image/png", size: 1000 }, undefined],
    [{ type: "image/jpeg", size: AVATAR_MAX_BYTES }, undefined],
    [{ type: "image/webp", size: AVATAR_MAX_BYTES + 1 }, "tooLarge"],
    [{ type: "image/svg+xml", size: 100 }, "unsupported"],
    [{ type: "image/gif", size: 100 }, "unsupported"],
    [{ type: "", size: 100 }, "unsupported"],
  ])("%o → %s", (file, problem) => expect(findAvatarProblem(file)).toBe(problem));
});

describe("profile validation rules", () => {
  it.each([
    ["Pat", true],
    ["  Al  ", true],
    ["A", false],
    [" A ", false],
    ["x".repeat(81), false],
    ["<b>Lee</b>", true],
  ])("display name %j valid: %s", (name, valid) => expect(check(displayNameSchema, name).ok).toBe(valid));

  it.each([
    ["pat@clinic.example", true],
    ["PAT@Clinic.Example", true],
    ["pat@clinic", false],
    ["pat clinic.example", false],
    ["@clinic.example", false],
  ])("email %j valid: %s", (email, valid) => expect(check(profileEmailSchema, email).ok).toBe(valid));

  it.each([
    [{ bio: "x".repeat(1000) }, undefined],
    [{ bio: "x".repeat(1001) }, profileMessages.bioTooLong],
    [{ displayName: "A" }, profileMessages.displayNameTooShort],
    [{ phone: "+1 (555) 010-2000" }, undefined],
    [{ phone: "555-CALL" }, profileMessages.phoneInvalid],
    [{}, profileMessages.nothingChanged],
  ])("%o → %s", (changes, problem) => {
    const checked = check(profileUpdateRequestSchema, changes);
    expect(checked.ok ? undefined : checked.problem).toBe(problem);
  });
});
