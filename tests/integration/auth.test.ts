import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { resolveEmailLink } from "../../src/shared/auth-links";
import { signedUpClient as signedUpAs, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { latestEmailTo, listEmailsTo } from "../support/outbox";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
const freshEmail = () => uniqueTestEmail();
const PASSWORD = TEST_PASSWORD;

beforeAll(async () => {
  testApp = await createTestApp({ env: { PLATFORM_OWNER_EMAILS: "owner@clinic.example" } });
});
afterAll(() => testApp.close());

async function errorCodeOf(response: Response): Promise<string | undefined> {
  return ((await response.json()) as { code?: string }).code;
}

const signedUpClient = (email?: string) => signedUpAs(testApp, email);

async function followEmailLink(client: HttpClient, link: string): Promise<Response> {
  const resolution = resolveEmailLink(link.slice(link.indexOf("#")), client.origin);
  if (resolution.kind !== "follow") throw new Error(`link resolved to ${resolution.kind}`);
  return client.get(resolution.url.replace(client.origin, ""));
}

/** What /auth/open sends once the person confirmed "Sign in as …?": the link's fields, POSTed from our own page. */
async function confirmEmailLink(client: HttpClient, link: string, headers: Record<string, string> = {}): Promise<Response> {
  const resolution = resolveEmailLink(link.slice(link.indexOf("#")), client.origin);
  if (resolution.kind !== "follow") throw new Error(`link resolved to ${resolution.kind}`);
  const target = new URL(resolution.url);
  const body = { type: target.searchParams.get("type"), email: target.searchParams.get("email"), code: target.searchParams.get("code") };
  return client.request("/api/auth/email-link", { method: "POST", json: body, headers: { "Sec-Fetch-Site": "same-origin", ...headers } });
}

const redirectOf = async (response: Response) => ((await response.json()) as { redirectTo: string }).redirectTo;

describe("sign-up with email verification", () => {
  it("sends one email with both a 6-digit code and a scanner-safe link, and refuses sign-in until verified", async () => {
    const email = freshEmail();
    const client = new HttpClient(testApp);
    expect((await client.post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "" })).status).toBe(200);
    expect(client.cookies.size).toBe(0);

    const message = await latestEmailTo(testApp.database.db, email);
    expect(message.subject).toContain("Confirm your email");
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.link).toMatch(/^http:\/\/localhost:3000\/auth\/open#/);
    expect(message.html).toContain(message.code);

    const signIn = await client.post("/api/auth/sign-in/email", { email, password: PASSWORD });
    expect(signIn.status).toBe(403);
    expect(await errorCodeOf(signIn)).toBe("EMAIL_NOT_VERIFIED");
  });

  it("verifying with the code signs the person in", async () => {
    const client = await signedUpClient();
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { emailVerified: true, role: "user", avatar: expect.any(String) } });
  });

  it("verifying through the email link signs in and lands on /app", async () => {
    const email = freshEmail();
    const client = new HttpClient(testApp);
    await client.post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "" });
    const response = await confirmEmailLink(client, (await latestEmailTo(testApp.database.db, email)).link!);
    expect(response.status).toBe(200);
    expect(await redirectOf(response)).toBe("/app");
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("answers a sign-up for an existing address exactly like a new one, and tells the owner by email", async () => {
    const email = freshEmail();
    await signedUpClient(email);
    const again = await new HttpClient(testApp).post("/api/auth/sign-up/email", { email, password: "another-pass-1", name: "" });
    const fresh = await new HttpClient(testApp).post("/api/auth/sign-up/email", { email: freshEmail(), password: PASSWORD, name: "" });
    expect(again.status).toBe(fresh.status);
    expect(Object.keys((await again.json()) as object).sort()).toEqual(Object.keys((await fresh.json()) as object).sort());
    expect((await latestEmailTo(testApp.database.db, email)).subject).toContain("You already have an account");
  });

  it("sets the session cookie httpOnly, SameSite=Lax, for the whole site", async () => {
    const email = freshEmail();
    const client = new HttpClient(testApp);
    await client.post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "" });
    const { code } = await latestEmailTo(testApp.database.db, email);
    const response = await client.post("/api/auth/email-otp/verify-email", { email, otp: code });
    const sessionCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("clausewise.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).toMatch(/Path=\//);
    expect(sessionCookie).not.toMatch(/Secure/i);
  });
});

describe("one-time codes", () => {
  it("a code works once", async () => {
    const email = freshEmail();
    await signedUpClient(email);
    const client = new HttpClient(testApp);
    await client.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    const { code } = await latestEmailTo(testApp.database.db, email);
    expect((await client.post("/api/auth/sign-in/email-otp", { email, otp: code })).status).toBe(200);
    const reuse = await new HttpClient(testApp).post("/api/auth/sign-in/email-otp", { email, otp: code });
    expect(reuse.status).toBe(400);
  });

  it("a wrong code is refused, and after 5 wrong tries even the right code is", async () => {
    const email = freshEmail();
    await signedUpClient(email);
    const client = new HttpClient(testApp);
    await client.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    const { code } = await latestEmailTo(testApp.database.db, email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await client.post("/api/auth/sign-in/email-otp", { email, otp: wrong })).status).toBe(400);
    }
    const right = await client.post("/api/auth/sign-in/email-otp", { email, otp: code });
    expect(right.status).toBe(403);
    expect(await errorCodeOf(right)).toBe("TOO_MANY_ATTEMPTS");
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("an expired code is refused", async () => {
    const email = freshEmail();
    await signedUpClient(email);
    const client = new HttpClient(testApp);
    await client.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    const { code } = await latestEmailTo(testApp.database.db, email);
    await testApp.database.db.execute(sql`update verifications set expires_at = now() - interval '1 second' where identifier like ${`%${email}`}`);
    const response = await client.post("/api/auth/sign-in/email-otp", { email, otp: code });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe("OTP_EXPIRED");
  });

  it("a sign-in link opened in a browser with no session signs nothing in: the link asks first, and only the page's POST signs in", async () => {
    const email = freshEmail();
    await signedUpClient(email);
    await new HttpClient(testApp).post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    const { link, subject } = await latestEmailTo(testApp.database.db, email);
    expect(subject).toContain("sign-in code");

    // Followed as a link (a page of another site can make a browser do that): back to /auth/open, which asks.
    const browser = new HttpClient(testApp);
    const followed = await followEmailLink(browser, link!);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe(link);
    expect((await browser.get("/api/me")).status).toBe(401);
    // The confirmation posted from another site's page is refused.
    expect((await confirmEmailLink(browser, link!, { "Sec-Fetch-Site": "cross-site", Origin: "https://attacker.example" })).status).toBe(403);
    expect((await browser.get("/api/me")).status).toBe(401);

    const confirmed = await confirmEmailLink(browser, link!);
    expect(await redirectOf(confirmed)).toBe("/app");
    expect((await browser.get("/api/me")).status).toBe(200);
  });

  it("a magic link signs in once; confirmed again it leads to /auth/error with the code offered", async () => {
    const email = freshEmail();
    await signedUpClient(email);
    await new HttpClient(testApp).post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    const { link } = await latestEmailTo(testApp.database.db, email);
    expect(await redirectOf(await confirmEmailLink(new HttpClient(testApp), link!))).toBe("/app");

    const second = await confirmEmailLink(new HttpClient(testApp), link!);
    const location = new URL(await redirectOf(second), "http://x");
    expect(location.pathname).toBe("/auth/error");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: "otp_expired", email, type: "magic_link" });
  });

  it("a sign-in link for another account replaces the one signed in only when confirmed on our page", async () => {
    const victimEmail = freshEmail();
    const victim = await signedUpClient(victimEmail);
    const senderEmail = freshEmail();
    await signedUpClient(senderEmail);
    await new HttpClient(testApp).post("/api/auth/email-otp/send-verification-otp", { email: senderEmail, type: "sign-in" });
    const { link } = await latestEmailTo(testApp.database.db, senderEmail);
    const signedInAs = async () => ((await (await victim.get("/api/me")).json()) as { user: { email: string } }).user.email;

    expect((await followEmailLink(victim, link!)).headers.get("location")).toBe(link);
    expect((await confirmEmailLink(victim, link!, { "Sec-Fetch-Site": "cross-site", Origin: "https://attacker.example" })).status).toBe(403);
    expect(await signedInAs()).toBe(victimEmail);

    expect(await redirectOf(await confirmEmailLink(victim, link!))).toBe("/app");
    expect(await signedInAs()).toBe(senderEmail);
  });

  it("a confirmation that is not a sign-in link's is refused and changes nothing", async () => {
    const client = new HttpClient(testApp);
    for (const body of [
      { type: "email_change", email: freshEmail(), code: "123456" },
      { type: "magic_link", email: "not an address", code: "123456" },
      { type: "magic_link", email: freshEmail(), code: "12" },
    ]) {
      expect((await client.post("/api/auth/email-link", body)).status).toBe(422);
    }
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("sign-up refuses a name longer than a display name may be, and creates nothing", async () => {
    const email = freshEmail();
    const response = await new HttpClient(testApp).post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "N".repeat(10_000) });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe("NAME_TOO_LONG");
    expect(await queryRows(testApp.database.db, sql`select id from users where email = ${email}`)).toEqual([]);
  });

  it("Better Auth's update-user is off: a name or picture changes only through the profile, which checks it", async () => {
    const client = await signedUpClient(freshEmail());
    const response = await client.post("/api/auth/update-user", { name: "N".repeat(10_000), image: "https://tracker.example/p.png" });
    expect(response.status).toBe(404);
  });

  it("a malformed email link goes to /login?e=bad_link", async () => {
    const response = await new HttpClient(testApp).get("/api/auth/email-link?type=magic_link&email=x@y.co&code=12");
    expect(response.headers.get("location")).toBe("/login?e=bad_link");
  });
});

describe("password reset", () => {
  it("resets with the emailed code, ends other sessions, and the new password works", async () => {
    const email = freshEmail();
    const oldSession = await signedUpClient(email);
    const anonymous = new HttpClient(testApp);
    expect((await anonymous.post("/api/auth/forget-password/email-otp", { email })).status).toBe(200);
    const { code, subject } = await latestEmailTo(testApp.database.db, email);
    expect(subject).toContain("Reset your password");

    const tooShort = await anonymous.post("/api/auth/email-otp/reset-password", { email, otp: code, password: "seven77" });
    expect(tooShort.status).toBe(400);
    expect(await errorCodeOf(tooShort)).toBe("PASSWORD_TOO_SHORT");

    expect((await anonymous.post("/api/auth/email-otp/reset-password", { email, otp: code, password: "a-brand-new-pass" })).status).toBe(200);
    expect((await oldSession.get("/api/me")).status).toBe(401);
    expect((await anonymous.post("/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(401);
    expect((await anonymous.post("/api/auth/sign-in/email", { email, password: "a-brand-new-pass" })).status).toBe(200);
    expect((await anonymous.get("/api/me")).status).toBe(200);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = freshEmail();
    const response = await new HttpClient(testApp).post("/api/auth/forget-password/email-otp", { email });
    expect(response.status).toBe(200);
    expect(await listEmailsTo(testApp.database.db, email)).toEqual([]);
  });
});

describe("sessions", () => {
  it("signing out ends the session", async () => {
    const client = await signedUpClient();
    const token = client.cookies.get("clausewise.session_token");
    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    const reused = new HttpClient(testApp);
    reused.cookies.set("clausewise.session_token", token!);
    expect((await reused.get("/api/me")).status).toBe(401);
  });

  it("signing out everywhere ends every session of the account", async () => {
    const email = freshEmail();
    const laptop = await signedUpClient(email);
    const phone = new HttpClient(testApp);
    expect((await phone.post("/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    expect((await laptop.post("/api/auth/revoke-sessions")).status).toBe(200);
    expect((await phone.get("/api/me")).status).toBe(401);
    expect((await laptop.get("/api/me")).status).toBe(401);
  });

  it("a session in use is extended once a day, and its cookie with it: an active person stays signed in", async () => {
    const client = await signedUpClient();
    const { user } = (await (await client.get("/api/me")).json()) as { user: { id: string } };
    // As if signed in two days ago: Better Auth extends a session a day (updateAge) after it last did.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    await testApp.database.db.execute(
      sql`update sessions set updated_at = ${twoDaysAgo.toISOString()}, expires_at = ${new Date(twoDaysAgo.getTime() + 14 * 24 * 3600_000).toISOString()} where user_id = ${user.id}`,
    );
    const response = await client.get("/api/me");
    expect(response.status).toBe(200);
    const refreshed = response.headers.getSetCookie().find((cookie) => cookie.startsWith("clausewise.session_token="));
    expect(refreshed).toMatch(/Max-Age=1209600/);
    const [session] = await queryRows<{ expiresAt: string }>(
      testApp.database.db,
      sql`select expires_at::text as "expiresAt" from sessions where user_id = ${user.id}`,
    );
    expect(Date.parse(session!.expiresAt)).toBeGreaterThan(Date.now() + 13.9 * 24 * 3600_000);
    // Once extended, the next request has nothing to set.
    expect((await client.get("/api/me")).headers.getSetCookie()).toEqual([]);
  });

  it("/api/me without a session is 401 with the error envelope", async () => {
    const response = await new HttpClient(testApp).get("/api/me");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "unauthenticated" } });
  });

  it("a cookie-bearing POST from another origin is refused and changes nothing", async () => {
    const victim = await signedUpClient();
    const forged = new HttpClient(testApp, { Origin: "https://evil.example.com" });
    forged.cookies.set("clausewise.session_token", victim.cookies.get("clausewise.session_token")!);
    expect((await forged.post("/api/auth/revoke-sessions")).status).toBe(403);
    expect((await victim.get("/api/me")).status).toBe(200);
  });
});

describe("platform roles", () => {
  it("PLATFORM_OWNER_EMAILS makes that account the platform owner", async () => {
    const owner = await signedUpClient("owner@clinic.example");
    expect(await owner.get("/api/me").then((response) => response.json())).toMatchObject({ user: { role: "platform_owner" } });
  });
});

describe("rate limits", () => {
  it("refuses more than 60 auth requests a minute from one address", async () => {
    const client = new HttpClient(testApp);
    const statuses = [];
    for (let request = 0; request < 61; request++) statuses.push((await client.get("/api/auth/get-session")).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await new HttpClient(testApp).get("/api/auth/get-session")).status).toBe(200);
  });

  it("refuses a sixth code request for one address within 15 minutes, with a readable message", async () => {
    const email = freshEmail();
    const client = new HttpClient(testApp);
    for (let request = 0; request < 5; request++) {
      expect((await client.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" })).status).toBe(200);
    }
    const limited = await client.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limited", message: expect.stringMatching(/^Too many attempts\. Please wait/) } });
    expect(await listEmailsTo(testApp.database.db, email)).toHaveLength(5);
  });
});

describe("rate limits key on what the auth handler reads", () => {
  it("counts password guesses against the address in the body, whatever the query says", async () => {
    const email = freshEmail();
    const client = new HttpClient(testApp);
    const statuses = [];
    for (let guess = 0; guess < 6; guess++) {
      const forged = `/api/auth/sign-in/email?email=${encodeURIComponent(`decoy${guess}@clinic.example`)}`;
      statuses.push((await client.request(forged, { method: "POST", json: { email, password: "not the password" } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("counts a form-encoded body as the same address", async () => {
    const email = freshEmail();
    const client = new HttpClient(testApp);
    for (let request = 0; request < 5; request++) await client.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    const form = await client.request("/api/auth/email-otp/send-verification-otp", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      form: new URLSearchParams({ email, type: "sign-in" }) as unknown as FormData,
    });
    expect(form.status).toBe(429);
  });

  it("behind a trusted proxy, takes the address the proxy appended, not the one a client forged", async () => {
    const client = new HttpClient(testApp);
    const statuses = [];
    for (let request = 0; request < 61; request++) {
      const forged = { "X-Forwarded-For": `198.51.100.${request}, 192.0.2.77` };
      statuses.push((await client.request("/api/auth/get-session", { headers: forged })).status);
    }
    expect(statuses[60]).toBe(429);
    expect((await client.request("/api/auth/get-session", { headers: { "X-Forwarded-For": "192.0.2.78" } })).status).toBe(200);
  });

  it("records the proxy-appended address on the session", async () => {
    const client = new HttpClient(testApp, { "X-Forwarded-For": "198.51.100.9, 192.0.2.80" });
    const email = freshEmail();
    await client.post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "Ip" });
    const { code } = await latestEmailTo(testApp.database.db, email);
    expect((await client.post("/api/auth/email-otp/verify-email", { email, otp: code })).status).toBe(200);
    const rows = await queryRows<{ ipAddress: string }>(
      testApp.database.db,
      sql`select s.ip_address as "ipAddress" from sessions s join users u on u.id = s.user_id where u.email = ${email}`,
    );
    expect(rows.map((row) => row.ipAddress)).toEqual(["192.0.2.80"]);
  });
});

describe("password guessing is slowed, and never locks the owner out of a device they signed in on", () => {
  const guess = (client: HttpClient, email: string, password = "not the password") => client.post("/api/auth/sign-in/email", { email, password });
  /** As if the last failed guess counted against `email` was `seconds` ago. */
  const rewindFailures = (email: string, seconds: number) =>
    testApp.database.db.execute(
      sql`update rate_limit_counters set window_started_at = window_started_at - make_interval(secs => ${seconds}) where key like ${`password-failures:%${email}%`}`,
    );

  it("after five wrong passwords each guess waits longer, per account from any address, and the wait passes", async () => {
    const email = freshEmail();
    await signedUpClient(email);
    const guesser = new HttpClient(testApp);
    for (let attempt = 0; attempt < 5; attempt++) expect((await guess(guesser, email)).status).toBe(401);
    const slowed = await guess(guesser, email);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await slowed.json()).toMatchObject({ error: { code: "rate_limited", message: expect.stringMatching(/^Too many attempts\. Please wait/) } });
    // From another address the account is slowed too: the wait is the account's, not the address's.
    expect((await guess(new HttpClient(testApp), email)).status).toBe(429);

    await rewindFailures(email, 60);
    expect((await guess(guesser, email)).status).toBe(401);
    const longer = await guess(guesser, email);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBeGreaterThan(Number(slowed.headers.get("retry-after")));
  });

  it("a guesser at the owner's own address, and one at a hundred others, leave the owner's correct sign-in open on a device they used before", async () => {
    const email = freshEmail();
    await signedUpClient(email);
    const office = "198.51.100.40";
    const owner = new HttpClient(testApp, { "X-Forwarded-For": office });
    expect((await guess(owner, email, PASSWORD)).status).toBe(200);
    expect((await owner.post("/api/auth/sign-out")).status).toBe(200);

    const colleague = new HttpClient(testApp, { "X-Forwarded-For": office });
    for (let attempt = 0; attempt < 11; attempt++) {
      await guess(colleague, email);
      await rewindFailures(email, 15 * 60);
    }
    for (let address = 0; address < 101; address++) await guess(new HttpClient(testApp), email);
    expect((await guess(colleague, email)).status).toBe(429);

    expect((await guess(owner, email, PASSWORD)).status).toBe(200);
    expect((await owner.get("/api/me")).status).toBe(200);
  });

  it("a device is known only for the account that signed in on it, and a forged mark counts for nothing", async () => {
    const email = freshEmail();
    const other = freshEmail();
    await signedUpClient(email);
    await signedUpClient(other);
    const device = new HttpClient(testApp);
    expect((await guess(device, other, PASSWORD)).status).toBe(200);
    const mark = [...device.cookies].find(([name]) => name.includes("known_device"));
    expect(mark).toBeDefined();
    for (let attempt = 0; attempt < 5; attempt++) await guess(new HttpClient(testApp), email);
    expect((await guess(device, email, PASSWORD)).status).toBe(429);
    const forger = new HttpClient(testApp);
    forger.cookies.set(mark![0], `${mark![1]!.split(".")[0]}.forged`);
    expect((await guess(forger, email, PASSWORD)).status).toBe(429);
  });

  it("guessing the password never stops a sign-in with an emailed code", async () => {
    const email = freshEmail();
    await signedUpClient(email);
    for (let attempt = 0; attempt < 8; attempt++) await guess(new HttpClient(testApp), email);
    const owner = new HttpClient(testApp);
    await owner.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    const { code } = await latestEmailTo(testApp.database.db, email);
    expect((await owner.post("/api/auth/sign-in/email-otp", { email, otp: code })).status).toBe(200);
  });
});

describe("behind HTTPS", () => {
  it("marks the session cookie Secure when the public address is https", async () => {
    const secureApp = await createTestApp({ env: { PUBLIC_URL: "https://contracts.example.com" } });
    try {
      const email = uniqueTestEmail();
      const client = new HttpClient(secureApp);
      await client.post("/api/auth/sign-up/email", { email, password: PASSWORD, name: "" });
      const { code } = await latestEmailTo(secureApp.database.db, email);
      const response = await client.post("/api/auth/email-otp/verify-email", { email, otp: code });
      const sessionCookie = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
      expect(sessionCookie).toMatch(/^__Secure-clausewise\.session_token=/);
      expect(sessionCookie).toMatch(/; Secure/i);
      expect((await latestEmailTo(secureApp.database.db, email)).link).toMatch(/^https:\/\/contracts\.example\.com\/auth\/open#/);
    } finally {
      await secureApp.close();
    }
  });
});
