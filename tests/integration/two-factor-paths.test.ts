import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifications } from "../../src/server/db/schema/index";
import { acceptInvitationResponseSchema, invitationLookupResponseSchema, invitationSignInResponseSchema } from "../../src/shared/contracts/organizations";
import { twoFactorChallengeSchema, twoFactorSetupSchema } from "../../src/shared/contracts/two-factor";
import type { SignInMethod } from "../../src/core/organizations/membership-rules";
import { invitationMessages } from "../../src/shared/organizations";
import { paths, withQuery } from "../../src/shared/paths";
import { signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { eventsOf } from "../support/audit";
import { HttpClient } from "../support/http-client";
import { socialSignInEnv, startOidcServer } from "../support/oidc-server";
import { invite, organizationIdOf, whoAmI } from "../support/organizations";
import { latestEmailTo } from "../support/outbox";
import { createTestApp, type TestApp } from "../support/test-app";
import { totpCode } from "../support/totp";

// Every way into an account that uses two-factor sign-in asks for its code (issue 30, ADR 039),
// and a trusted device stops skipping it once the password changes or the person signs out everywhere.

let google: Awaited<ReturnType<typeof startOidcServer>>;
let microsoft: Awaited<ReturnType<typeof startOidcServer>>;
let testApp: TestApp;
let owner: HttpClient;
const ownerEmail = uniqueTestEmail("owner");

beforeAll(async () => {
  google = await startOidcServer({ sub: "g-0", email: "nobody@clinic.example", name: "Nobody" });
  microsoft = await startOidcServer({ sub: "m-0", email: "nobody@clinic.example", name: "Nobody" }, { microsoft: true });
  // Each case signs up and in several times from this one process.
  testApp = await createTestApp({ env: { ...socialSignInEnv(google, microsoft), PLATFORM_OWNER_EMAILS: ownerEmail, AUTH_RATE_LIMIT_PER_MINUTE: "1000" } });
  owner = await signedUpClient(testApp, ownerEmail);
});
afterAll(async () => {
  await testApp.close();
  await google.stop();
  await microsoft.stop();
});

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** Turns two-factor sign-in on as the Security tab does (the password only when the account has one); answers the key the app was given. */
async function enableTwoFactor(client: HttpClient, password?: string): Promise<string> {
  const setup = twoFactorSetupSchema.parse(await json(await client.post("/api/me/two-factor/enable", { password })));
  await json(await client.post("/api/me/two-factor/confirm", { code: totpCode(setup.manualKey) }));
  return setup.manualKey;
}

interface Person {
  email: string;
  userId: string;
  manualKey: string;
}

async function personWithPassword(): Promise<Person> {
  const email = uniqueTestEmail("two-factor");
  const client = await signedUpClient(testApp, email);
  const manualKey = await enableTwoFactor(client, TEST_PASSWORD);
  return { email, userId: (await whoAmI(client)).id, manualKey };
}

/** Starts a Google or Microsoft sign-in, lets the provider send the browser back, and follows the callback: its answer (a redirect). */
async function providerSignIn(browser: HttpClient, provider: "google" | "microsoft"): Promise<Response> {
  const { url } = await json<{ url: string }>(await browser.post("/api/auth/sign-in/social", { provider, callbackURL: paths.app }));
  const callback = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
  return browser.get(`${callback.pathname}${callback.search}`);
}

/** An account made by its first Google or Microsoft sign-in (no password), with two-factor sign-in turned on, then signed out. */
async function personOfProvider(provider: "google" | "microsoft"): Promise<Person> {
  const email = uniqueTestEmail(provider);
  const server = provider === "google" ? google : microsoft;
  server.setPerson({ sub: `${provider}-${email}`, email, name: "Pat Provider" });
  const client = new HttpClient(testApp);
  const landing = await providerSignIn(client, provider);
  expect(landing.headers.get("location")).toBe(paths.app);
  const manualKey = await enableTwoFactor(client);
  return { email, userId: (await whoAmI(client)).id, manualKey };
}

async function emailedSignInCode(browser: HttpClient, email: string): Promise<string> {
  await json(await browser.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" }));
  return (await latestEmailTo(testApp.database.db, email)).code!;
}

/** What a first step answers when a code is asked for: JSON for the calls the web makes, a redirect to the code page for a provider's callback. */
const expectChallenge = async (answer: Response) => twoFactorChallengeSchema.parse(await json(answer));

interface SignInPath {
  name: string;
  method: SignInMethod;
  person: () => Promise<Person>;
  /** The first step in a fresh browser, asserting the code is asked for. */
  firstStep: (browser: HttpClient, person: Person) => Promise<void>;
  /** After the code signed the person in. */
  then?: (browser: HttpClient, person: Person) => Promise<void>;
}

let admin: Promise<{ client: HttpClient; organizationId: string }> | undefined;
/** The admin of another organization, who invites people with two-factor sign-in on. */
function invitingAdmin() {
  admin ??= signedUpClient(testApp, uniqueTestEmail("admin")).then(async (client) => ({ client, organizationId: await organizationIdOf(client) }));
  return admin;
}

const signInPaths: SignInPath[] = [
  {
    name: "a password",
    method: "password",
    person: personWithPassword,
    firstStep: async (browser, { email }) => {
      expect(await json(await browser.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD }))).toMatchObject({ twoFactorRedirect: true });
    },
  },
  {
    name: "an emailed sign-in code",
    method: "code",
    person: personWithPassword,
    firstStep: async (browser, { email }) => {
      const otp = await emailedSignInCode(browser, email);
      await expectChallenge(await browser.post("/api/auth/sign-in/email-otp", { email, otp }));
    },
  },
  {
    name: "a sign-in link",
    method: "code",
    person: personWithPassword,
    firstStep: async (browser, { email }) => {
      const code = await emailedSignInCode(browser, email);
      expect(await json(await browser.post("/api/auth/email-link", { type: "magic_link", email, code }))).toEqual({ redirectTo: paths.authTwoFactor });
    },
  },
  ...(["google", "microsoft"] as const).map((provider): SignInPath => ({
    name: `${provider === "google" ? "Google" : "Microsoft"} (OpenID Connect)`,
    method: provider,
    person: () => personOfProvider(provider),
    firstStep: async (browser) => {
      const landing = await providerSignIn(browser, provider);
      expect(landing.status).toBe(302);
      expect(landing.headers.get("location")).toBe(withQuery(paths.authTwoFactor, { redirect: paths.app }));
    },
  })),
  {
    name: "an invitation's code",
    method: "invitation_code",
    person: personWithPassword,
    firstStep: async (browser, { email }) => {
      const { client, organizationId } = await invitingAdmin();
      const { code } = await invite(testApp, client, organizationId, email);
      const answer = invitationSignInResponseSchema.parse(await json(await browser.post("/api/invitations/accept-with-code", { email, code })));
      expect(answer).toEqual({ twoFactorRedirect: true });
    },
    // Signed in with the code, the invitation page accepts it.
    then: async (browser) => {
      const { organizationId } = await invitingAdmin();
      const joined = acceptInvitationResponseSchema.parse(await json(await browser.post("/api/invitations/accept", {})));
      expect(joined.organizationId).toBe(organizationId);
      expect((await whoAmI(browser)).organizationId).toBe(organizationId);
    },
  },
];

describe("every way to sign in asks for the two-factor code", () => {
  it.each(signInPaths)("$name: no session until the code, then signed in as that method", async ({ method, person: makePerson, firstStep, then }) => {
    const person = await makePerson();
    const browser = new HttpClient(testApp);
    await firstStep(browser, person);
    expect((await browser.get("/api/me")).status).toBe(401);

    await json(await browser.post("/api/auth/two-factor", { code: totpCode(person.manualKey) }));
    expect((await whoAmI(browser)).email).toBe(person.email);
    await then?.(browser, person);

    const mine = async (action: "auth.two-factor-challenged" | "auth.sign-in") =>
      (await eventsOf(testApp, action)).filter((event) => event.targetId === person.userId).map((event) => event.details);
    expect(await mine("auth.two-factor-challenged")).toEqual([{ method }]);
    expect((await mine("auth.sign-in")).at(-1)).toEqual({ method });
  });

  it("an invitation's password setup is refused to an account that uses two-factor sign-in, and changes nothing", async () => {
    const person = await personOfProvider("google");
    const { client, organizationId } = await invitingAdmin();
    const { token } = await invite(testApp, client, organizationId, person.email);
    const lookup = invitationLookupResponseSchema.parse(await json(await new HttpClient(testApp).post("/api/invitations/lookup", { token })));
    expect(lookup).toMatchObject({ state: "valid", invitation: { hasAccount: true } });

    const browser = new HttpClient(testApp);
    const refused = await json<{ error: { message: string } }>(
      await browser.post("/api/invitations/accept-with-password", { token, password: "a-new-password", name: "Pat" }),
      409,
    );
    expect(refused.error.message).toBe(invitationMessages.accountUsesTwoFactor);
    expect((await browser.get("/api/me")).status).toBe(401);
    // No password was set: the account still signs in only through Google (and its code).
    const withPassword = await new HttpClient(testApp).post("/api/auth/sign-in/email", { email: person.email, password: "a-new-password" });
    expect(withPassword.status).toBe(401);
  });

  it("the invitation sign-in is not a route of Better Auth's: only our invitation routes reach it", async () => {
    const { email } = await personWithPassword();
    const response = await new HttpClient(testApp).post("/api/auth/invitation/sign-in", { email, signInMethod: "invitation_code" });
    expect(response.status).toBe(404);
  });
});

// ---- Trusted devices ----

interface TrustedPerson extends Person {
  client: HttpClient;
  /** A browser that was trusted for 30 days at its last sign-in, now signed out. */
  trusted: HttpClient;
  password: string;
}

const trustRowsOf = (userId: string) =>
  testApp.database.db
    .select()
    .from(verifications)
    .where(and(like(verifications.identifier, "trust-device-%"), eq(verifications.value, userId)));

async function personWithTrustedDevice(): Promise<TrustedPerson> {
  const email = uniqueTestEmail("trusting");
  const client = await signedUpClient(testApp, email);
  const manualKey = await enableTwoFactor(client, TEST_PASSWORD);
  const trusted = new HttpClient(testApp);
  await json(await trusted.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD }));
  await json(await trusted.post("/api/auth/two-factor", { code: totpCode(manualKey), trustDevice: true }));
  await json(await trusted.post("/api/auth/sign-out", {}));
  const person = { email, userId: (await whoAmI(client)).id, manualKey, client, trusted, password: TEST_PASSWORD };
  // Trusted: the next sign-in there skips the code.
  expect(await json(await trusted.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD }))).not.toHaveProperty("twoFactorRedirect");
  await json(await trusted.post("/api/auth/sign-out", {}));
  return person;
}

const NEW_PASSWORD = "a-brand-new-password-7";

const forgettingActions: Array<{ name: string; act: (person: TrustedPerson) => Promise<void> }> = [
  {
    name: "the password is changed (Security tab)",
    act: async (person) => {
      await json(
        await person.client.post("/api/auth/change-password", { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true }),
      );
      person.password = NEW_PASSWORD;
    },
  },
  {
    name: "the password is reset with an emailed code",
    act: async (person) => {
      const browser = new HttpClient(testApp);
      await json(await browser.post("/api/auth/email-otp/send-verification-otp", { email: person.email, type: "forget-password" }));
      const otp = (await latestEmailTo(testApp.database.db, person.email)).code!;
      await json(await browser.post("/api/auth/email-otp/reset-password", { email: person.email, otp, password: NEW_PASSWORD }));
      person.password = NEW_PASSWORD;
    },
  },
  { name: "the person signs out everywhere (the menu)", act: async (person) => void (await json(await person.client.post("/api/auth/revoke-sessions", {}))) },
  {
    name: "the person signs out their other sessions (Security tab)",
    act: async (person) => void (await json(await person.client.post("/api/account/sessions/sign-out-others", {}))),
  },
  {
    name: "the platform owner signs the person out everywhere (console)",
    act: async (person) => void (await json(await owner.post(`/api/admin/users/${person.userId}/sign-out`, {}))),
  },
  {
    name: "two-factor sign-in is turned off (and on again)",
    act: async (person) => {
      await json(await person.client.post("/api/me/two-factor/disable", { password: TEST_PASSWORD, code: totpCode(person.manualKey) }));
      person.manualKey = await enableTwoFactor(person.client, TEST_PASSWORD);
    },
  },
];

describe("trusted devices are forgotten", () => {
  it.each(forgettingActions)("when $name: the trusted browser is asked for the code again", async ({ act }) => {
    const person = await personWithTrustedDevice();
    expect(await trustRowsOf(person.userId)).toHaveLength(1);
    await act(person);
    expect(await trustRowsOf(person.userId)).toEqual([]);
    expect(await json(await person.trusted.post("/api/auth/sign-in/email", { email: person.email, password: person.password }))).toMatchObject({
      twoFactorRedirect: true,
    });
    expect((await person.trusted.get("/api/me")).status).toBe(401);
  });

  it("a refused password change forgets nothing", async () => {
    const person = await personWithTrustedDevice();
    const refused = await person.client.post("/api/auth/change-password", { currentPassword: "wrong-password", newPassword: NEW_PASSWORD });
    expect(refused.status).toBe(400);
    expect(await trustRowsOf(person.userId)).toHaveLength(1);
  });
});
