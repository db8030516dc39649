export interface RateLimitRule {
  /** Names the counter family, e.g. "auth-ip". */
  scope: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  isAllowed: boolean;
  retryAfterSeconds: number;
}

/** Fixed window: `count` requests so far in a window that began at `windowStartedAt`. */
export function decideRateLimit(rule: RateLimitRule, counter: { count: number; windowStartedAt: Date }, now: Date): RateLimitDecision {
  const windowEndsAt = counter.windowStartedAt.getTime() + rule.windowSeconds * 1000;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000));
  return counter.count <= rule.limit ? { isAllowed: true, retryAfterSeconds: 0 } : { isAllowed: false, retryAfterSeconds };
}

const sendsEmail = [
  "/sign-up/email",
  "/email-otp/send-verification-otp",
  "/forget-password/email-otp",
  "/email-otp/request-password-reset",
  "/email-otp/request-email-change",
  "/send-verification-email",
  "/email-change/resend",
];
/** Whether an auth endpoint (path under /api/auth) sends an email: a code, a link, a reset. */
export function isEmailSendingAuthPath(authPath: string): boolean {
  return sendsEmail.includes(authPath);
}

const checksEmailedCode = [
  "/sign-in/email-otp",
  "/email-otp/verify-email",
  "/email-otp/check-verification-otp",
  "/email-otp/reset-password",
  "/email-otp/change-email",
  "/email-link",
  "/email-change/confirm",
];

/** Sign-in requests one client address may make a minute, by default: a practice behind one office address may need more. */
export const DEFAULT_AUTH_REQUESTS_PER_MINUTE = 60;

/**
 * The counters a request is charged to: per client address; per address it names (`perEmail`);
 * and per address it names from this client address (`perEmailFromIp`).
 */
export interface RequestRateLimits {
  perIp: RateLimitRule;
  perEmail: RateLimitRule[];
  perEmailFromIp: RateLimitRule[];
}

const emailSendRule: RateLimitRule = { scope: "auth-email-send", limit: 5, windowSeconds: 15 * 60 };
/*
 * Code guesses are slowed per (address, client): someone guessing from elsewhere cannot lock the
 * owner out, and they never block a password sign-in or the other way round. The per-address
 * ceiling only stops a guesser with many client addresses, and sits far above what a person
 * mistyping ever reaches. An emailed code also dies after 5 wrong tries (Better Auth). Password
 * guesses are slowed by backoff instead (password-backoff.ts, ADR 028).
 */
const codeCheckRule: RateLimitRule = { scope: "auth-code", limit: 10, windowSeconds: 15 * 60 };
const codeCheckCeiling: RateLimitRule = { scope: "auth-code-any-ip", limit: 50, windowSeconds: 60 * 60 };

const sendsEmailLimits = { perEmail: [emailSendRule], perEmailFromIp: [] };
const checksCodeLimits = { perEmail: [codeCheckCeiling], perEmailFromIp: [codeCheckRule] };
const perIpOnly = { perEmail: [], perEmailFromIp: [] };

const perIpRule = (requestsPerMinute: number): RateLimitRule => ({ scope: "auth-ip", limit: requestsPerMinute, windowSeconds: 60 });

/** Which counters a request to an auth endpoint (path under /api/auth) is charged to. */
export function authRateLimitRules(authPath: string, requestsPerMinute = DEFAULT_AUTH_REQUESTS_PER_MINUTE): RequestRateLimits {
  const perIp = perIpRule(requestsPerMinute);
  if (sendsEmail.includes(authPath)) return { perIp, ...sendsEmailLimits };
  if (checksEmailedCode.includes(authPath)) return { perIp, ...checksCodeLimits };
  return { perIp, ...perIpOnly };
}

/**
 * The invitation routes that need no session (path under /api/invitations) share the sign-in
 * counters: an invitation code is one more emailed secret, and its resend one more email.
 */
export function invitationRateLimitRules(invitationPath: string, requestsPerMinute = DEFAULT_AUTH_REQUESTS_PER_MINUTE): RequestRateLimits {
  const perIp = perIpRule(requestsPerMinute);
  if (invitationPath === "/resend-code") return { perIp, ...sendsEmailLimits };
  if (invitationPath === "/accept-with-code") return { perIp, ...checksCodeLimits };
  return { perIp, ...perIpOnly };
}

/**
 * Feedback, help requests and problem reports one person may send: each lands in the support
 * inbox, so a burst is held to a few and a day to a bounded number, whoever sends them.
 */
export const supportRequestRateLimits: RateLimitRule[] = [
  { scope: "support-user", limit: 5, windowSeconds: 10 * 60 },
  { scope: "support-user-day", limit: 20, windowSeconds: 24 * 60 * 60 },
];

/** Uploads one person may start in an hour, by default. */
export const DEFAULT_UPLOADS_PER_HOUR = 120;

/**
 * Uploads one person may start: the storage limit bounds what they keep, this bounds how fast
 * they can write (and delete and write again) to the disk. Every attempt counts, refused or not:
 * it is charged before the file is read.
 */
export function uploadRateLimits(perHour = DEFAULT_UPLOADS_PER_HOUR): RateLimitRule[] {
  return [{ scope: "upload-user", limit: perHour, windowSeconds: 60 * 60 }];
}
