import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { socialSignInEnv, startOidcServer } from "../support/oidc-server";
import { createTestApp, type TestApp } from "../support/test-app";

let google: Awaited<ReturnType<typeof startOidcServer>>;
let microsoft: Awaited<ReturnType<typeof startOidcServer>>;
let testApp: TestApp;

beforeAll(async () => {
  google = await startOidcServer({ sub: "g-1", email: "first@clinic.example", name: "First Person" });
  microsoft = await startOidcServer({ sub: "m-1", email: "first@clinic.example", name: "First Person" }, { microsoft: true });
  testApp = await createTestApp({ env: { ...socialSignInEnv(google, microsoft) } });
});
afterAll(async () => {
  await testApp.close();
  await google.stop();
  await microsoft.stop();
});

const providers = () => ({ google, microsoft });

/** Starts sign-in, lets the provider redirect back, and follows the callback like a browser. */
async function signInWith(client: HttpClient, provider: "google" | "microsoft", loginHint?: string) {
  const start = await client.post("/api/auth/sign-in/social", { provider, callbackURL: "/app", loginHint });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const authorize = new URL(url);
  const providerRedirect = await fetch(url, { redirect: "manual" });
  const callback = new URL(providerRedirect.headers.get("location")!);
  const landing = await client.get(`${callback.pathname}${callback.search}`);
  return { authorize, landing };
}

describe("Google and Microsoft sign-in", () => {
  it("offers only the configured providers to the web app", () => {
    expect(testApp.container.site.socialProviders).toEqual(["google", "microsoft"]);
  });

  it.each([
    ["google", { sub: "g-2", email: "google.person@clinic.example", name: "Gail Google" }],
    ["microsoft", { sub: "m-2", email: "ms.person@clinic.example", name: "Mike Microsoft" }],
  ] as const)("%s: asks for openid profile email, comes back signed in, and lands on /app", async (provider, person) => {
    providers()[provider].setPerson(person);
    const client = new HttpClient(testApp);
    const { authorize, landing } = await signInWith(client, provider, person.email);
    expect(authorize.searchParams.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    expect(authorize.searchParams.get("login_hint")).toBe(person.email);
    expect(authorize.searchParams.get("code_challenge")).toBeTruthy();
    expect(landing.status).toBe(302);
    expect(landing.headers.get("location")).toBe("/app");
    const me = (await (await client.get("/api/me")).json()) as { user: { email: string; displayName: string } };
    expect(me.user).toMatchObject({ email: person.email, displayName: person.name });
  });

  it("a callback without the browser's state cookie does not sign anyone in", async () => {
    google.setPerson({ sub: "g-3", email: "third@clinic.example", name: "Third" });
    const starter = new HttpClient(testApp);
    const start = (await (await starter.post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/app" })).json()) as { url: string };
    const callback = new URL((await fetch(start.url, { redirect: "manual" })).headers.get("location")!);
    const attacker = new HttpClient(testApp);
    const landing = await attacker.get(`${callback.pathname}${callback.search}`);
    expect(landing.headers.get("location")).not.toBe("/app");
    expect((await attacker.get("/api/me")).status).toBe(401);
  });

  it("an unconfigured provider is refused", async () => {
    const bare = await createTestApp();
    const response = await new HttpClient(bare).post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/app" });
    await bare.close();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(bare.container.site.socialProviders).toEqual([]);
  });
});
