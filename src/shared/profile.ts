/**
 * The profile, the avatar, the email change and the account (spec sections 4, 5, 8 and 9): the
 * rules both sides judge by and the words they say it in.
 */

export const profileLimits = {
  displayNameMin: 2,
  displayNameMax: 80,
  titleMax: 100,
  phoneMax: 40,
  bioMax: 1000,
  emailMax: 254,
} as const;

export const profileMessages = {
  displayNameTooShort: "Must be at least 2 characters.",
  displayNameTooShortToast: "Display name must be at least 2 characters.",
  displayNameTooLong: `Display names can be at most ${profileLimits.displayNameMax} characters.`,
  titleTooLong: `Titles can be at most ${profileLimits.titleMax} characters.`,
  phoneTooLong: `Phone numbers can be at most ${profileLimits.phoneMax} characters.`,
  phoneInvalid: "Phone numbers may use digits, spaces and + ( ) - . only.",
  bioTooLong: `The bio can be at most ${profileLimits.bioMax.toLocaleString("en-US")} characters.`,
  nothingChanged: "Nothing to save: no field changed.",
  invalidEmail: "Please enter a valid email address.",
  sameEmail: "That is already your email address.",
  emailInUse: "This email address is already in use by another account.",
  currentPasswordRequired: "Current password is required to change email.",
  incorrectPassword: "Incorrect password. Please try again.",
  passwordRequired: "Enter your password to continue.",
  loadFailed: "Failed to load profile.",
  updated: "Profile updated successfully",
  updateFailed: "Failed to update profile",
  photoUpdated: "Profile photo updated",
  uploadFailed: "Could not upload avatar.",
  emailChangeTitle: "Confirm your email change",
  emailChangeDescription: "We sent confirmation links to your old and new email. Changes take effect after confirmation.",
  emailChangeWaiting: "Confirmed. Now confirm with the code or link sent to your other address; the change takes effect after both.",
  emailChangeDone: "Your email address is changed. Other devices were signed out.",
  emailChangeInvalidCode: "That code is not valid for a pending email change. Check the code, or request the change again.",
  passwordChanged: "Your password is changed. Other devices were signed out.",
  accountClosed: "Your account is closed and everything in it is deleted.",
  sessionSignedOut: "Session signed out",
  sessionNotFound: "That session has already ended.",
  currentSession: "This is the session you are using. Use Sign out in the menu to end it.",
} as const;

export const avatarMessages = {
  unsupported: { title: "Unsupported format", description: "Please upload a PNG, JPG, or WEBP image." },
  tooLarge: { title: "File too large", description: "Max size is 2MB." },
  tooManyPixels: { title: "Image too large", description: "Please upload an image at most 8,000 pixels on each side." },
  unreadable: { title: "Unsupported format", description: "This image could not be read. Please upload a PNG, JPG, or WEBP image." },
} as const;

/** Spec section 9. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_COMPRESSED_MAX_BYTES = Math.floor(1.8 * 1024 * 1024);
export const AVATAR_MAX_SIDE_PX = 512;
export const AVATAR_INITIAL_QUALITY = 0.8;
export const AVATAR_URL_LIFETIME_SECONDS = 3600;
/** Larger pictures are refused from their header, before anything is decoded. */
export const AVATAR_MAX_SOURCE_SIDE_PX = 8000;

/** PUT /api/me/avatar takes the picture as multipart/form-data in this field. */
export const AVATAR_UPLOAD_FIELD = "file";

export const avatarMimeTypes = ["image/png", "image/jpeg", "image/webp"] as const;
export type AvatarMimeType = (typeof avatarMimeTypes)[number];

export type AvatarProblem = "unsupported" | "tooLarge";

/** Why a chosen file cannot be an avatar, from its declared type and size; the server checks its bytes again. */
export function findAvatarProblem(file: { type: string; size: number }): AvatarProblem | undefined {
  if (!(avatarMimeTypes as readonly string[]).includes(file.type)) return "unsupported";
  if (file.size > AVATAR_MAX_BYTES) return "tooLarge";
  return undefined;
}

/** The drawn size of an avatar: the longest side at most 512 px, proportions kept, never enlarged. */
export function avatarTargetSize(source: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, AVATAR_MAX_SIDE_PX / Math.max(source.width, source.height, 1));
  return { width: Math.max(1, Math.round(source.width * scale)), height: Math.max(1, Math.round(source.height * scale)) };
}

const QUALITY_STEP = 0.1;
const LOWEST_QUALITY = 0.4;

/**
 * The next encoding quality to try after an encoding of `bytes` at `quality`: undefined when it fits
 * (at most 1.8 MB) or when lowering the quality further would not be worth it (then it is sent as is,
 * and the server's 2 MB limit decides).
 */
export function nextAvatarQuality(quality: number, bytes: number): number | undefined {
  if (bytes <= AVATAR_COMPRESSED_MAX_BYTES) return undefined;
  const next = Math.round((quality - QUALITY_STEP) * 10) / 10;
  return next >= LOWEST_QUALITY ? next : undefined;
}

/** Upload progress (spec section 4): from 5 up to a cap of 90 while compressing, 95 while sending, 100 when stored. */
export const avatarProgress = { start: 5, compressedCap: 90, sending: 95, done: 100 } as const;

/** Progress after `attempt` compression passes (1-based): 5 plus 25 a pass, never past 90. */
export function avatarCompressionProgress(attempt: number): number {
  return Math.min(avatarProgress.compressedCap, avatarProgress.start + 25 * attempt);
}
